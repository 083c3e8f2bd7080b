"use client";

import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { Actions, Card, Fact, Facts, Meta, Section } from "@/components/ui/section";
import type { AdminSeriesListItem } from "@/lib/series/schemas";
import { SERIES_PER_PAGE, useSeriesList } from "./series-queries";
import { StaffListResults } from "./staff-list-results";
import { StaffSearch } from "./staff-search";

/** The next date's own day (dates and times are local to the series' zone): a calendar date, formatted in UTC. */
function dayOf(next: NonNullable<AdminSeriesListItem["nextOccurrence"]>): Date {
  const [year, month, day] = next.startDate.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day));
}

/** The statuses the next date's line names ("nextStatus"); any other says nothing. */
const NAMED_STATUSES = new Set(["DRAFT", "CANCELLED", "POSTPONED"]);

/**
 * Staff › Series (docs/decisions/0026): every recurring series, searched and paged, with its rule in words,
 * its dates and drafts counted, and its next date, whose page holds the series' own tools (edit every date to
 * come, publish the drafts, cancel one date).
 */
export function SeriesList({ canWrite }: { canWrite: boolean }) {
  const t = useTranslations("AdminSeries.list");
  const locale = useLocale();
  /** "Tuesday 1 December 2026, 19:00" (English writes the day first, as the office always has); the time as the series stores it. */
  const describeNext = (next: NonNullable<AdminSeriesListItem["nextOccurrence"]>) =>
    t("nextDate", {
      date: new Intl.DateTimeFormat(locale === "en" ? "en-GB" : locale, { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(dayOf(next)),
      time: next.startTime,
    });
  const [query, setQuery] = useState({ q: "", page: 1 });
  const series = useSeriesList(query);
  return (
    <Section
      id="series-title"
      title={t("title")}
      action={
        canWrite ? (
          <Link href="/admin/events/new" className="button button--primary">
            {t.rich("newSeries", { hidden: (chunks) => <span className="visually-hidden">{chunks}</span> })}
          </Link>
        ) : undefined
      }
    >
      <StaffSearch name={t("searchName")} label={t("searchLabel")} onSearch={(q) => setQuery({ q, page: 1 })} />
      <StaffListResults
        query={series}
        page={query.page}
        perPage={SERIES_PER_PAGE}
        onPage={(next) => setQuery((current) => ({ ...current, page: next }))}
        count={(total) => (total === undefined ? t("countHeading") : t("count", { count: total }))}
        loading={t("loading")}
        failure={t("loadFailed")}
        empty={query.q ? t("noMatch") : t("none")}
        pagerLabel={t("pagerLabel")}
      >
        {(items) =>
          (items as AdminSeriesListItem[]).map((item) => (
            <Card key={item.id} as="li" title={item.title}>
              {/* The rule in words is the API's own English (the list does not answer the rule itself), in every language. */}
              <Meta>{item.summary ?? t("noRule")}</Meta>
              <Facts>
                <Fact term={t("dates")}>{item.eventCount}</Fact>
                <Fact term={t("drafts")}>{item.draftCount === 0 ? t("noDrafts") : t("draftCount", { count: item.draftCount })}</Fact>
                <Fact term={t("next")}>
                  {item.nextOccurrence
                    ? NAMED_STATUSES.has(item.nextOccurrence.status)
                      ? t("nextWithStatus", { next: describeNext(item.nextOccurrence), status: item.nextOccurrence.status })
                      : describeNext(item.nextOccurrence)
                    : t("noneToCome")}
                </Fact>
                {item.timezone ? <Fact term={t("timezone")}>{item.timezone}</Fact> : null}
              </Facts>
              {item.nextOccurrence ? (
                <Actions>
                  <Link href={`/admin/events/${encodeURIComponent(item.nextOccurrence.eventId)}`} className="button">
                    {t.rich("openNext", { title: item.title, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> })}
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
