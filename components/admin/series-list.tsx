"use client";

import Link from "next/link";
import { useState } from "react";
import { Actions, Card, Fact, Facts, Meta, Section } from "@/components/ui/section";
import type { AdminSeriesListItem } from "@/lib/series/schemas";
import { SERIES_PER_PAGE, useSeriesList } from "./series-queries";
import { StaffListResults } from "./staff-list-results";
import { StaffSearch } from "./staff-search";

/** "Tuesday 1 December 2026, 19:00": the next date as the series' zone writes it (dates and times are local). */
function describeNext(next: NonNullable<AdminSeriesListItem["nextOccurrence"]>): string {
  const [year, month, day] = next.startDate.split("-").map(Number) as [number, number, number];
  const date = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(year, month - 1, day)));
  return `${date}, ${next.startTime}`;
}

const STATUS_WORDS: Record<string, string> = { DRAFT: "draft", CANCELLED: "cancelled", POSTPONED: "postponed" };

/**
 * Staff › Series (docs/decisions/0026): every recurring series, searched and paged, with its rule in words,
 * its dates and drafts counted, and its next date, whose page holds the series' own tools (edit every date to
 * come, publish the drafts, cancel one date).
 */
export function SeriesList({ canWrite }: { canWrite: boolean }) {
  const [query, setQuery] = useState({ q: "", page: 1 });
  const series = useSeriesList(query);
  return (
    <Section
      id="series-title"
      title="Recurring series"
      action={
        canWrite ? (
          <Link href="/admin/events/new" className="button button--primary">
            New series<span className="visually-hidden"> (an event that repeats)</span>
          </Link>
        ) : undefined
      }
    >
      <StaffSearch name="Series" label="Search series by title" onSearch={(q) => setQuery({ q, page: 1 })} />
      <StaffListResults
        query={series}
        page={query.page}
        perPage={SERIES_PER_PAGE}
        onPage={(next) => setQuery((current) => ({ ...current, page: next }))}
        count={["series", "series"]}
        loading="Loading series…"
        failure="We couldn’t load the series"
        empty={query.q ? "No series matches this search." : "No series yet. Make one from a new event: choose how it repeats."}
        pagerLabel="Pages of series"
      >
        {(items) =>
          (items as AdminSeriesListItem[]).map((item) => (
            <Card key={item.id} as="li" title={item.title}>
              <Meta>{item.summary ?? "A group of events without a rule"}</Meta>
              <Facts>
                <Fact term="Dates">{item.eventCount}</Fact>
                <Fact term="Drafts">{item.draftCount === 0 ? "None" : `${item.draftCount}: not on the calendar until published`}</Fact>
                <Fact term="Next date">
                  {item.nextOccurrence ? (
                    <>
                      {describeNext(item.nextOccurrence)}
                      {STATUS_WORDS[item.nextOccurrence.status] ? ` (${STATUS_WORDS[item.nextOccurrence.status]})` : null}
                    </>
                  ) : (
                    "None to come"
                  )}
                </Fact>
                {item.timezone ? <Fact term="Time zone">{item.timezone}</Fact> : null}
              </Facts>
              {item.nextOccurrence ? (
                <Actions>
                  <Link href={`/admin/events/${encodeURIComponent(item.nextOccurrence.eventId)}`} className="button">
                    Open the next date<span className="visually-hidden"> of {item.title}</span>
                  </Link>
                </Actions>
              ) : null}
            </Card>
          ))
        }
      </StaffListResults>
    </Section>
  );
}
