import type { Metadata } from "next";
import Link from "next/link";
import { CalendarFeed } from "@/components/calendar/calendar-feed";
import { CalendarFilters, type FilterOptions } from "@/components/calendar/calendar-filters";
import { EVENT_TYPE_LABELS } from "@/components/calendar/labels";
import { CalendarError } from "@/lib/calendar/errors";
import { listFilterOptions } from "@/lib/calendar/list-filter-options";
import { listUpcomingEvents } from "@/lib/calendar/list-upcoming-events";
import { upcomingEventsQuerySchema, type UpcomingFeed } from "@/lib/calendar/schemas";
import { currentChurch } from "@/lib/http/current-church";
import { database } from "@/lib/db";
import { describeError, logLine } from "@/lib/log/json-log";
import {
  CALENDAR_PAGE_PATH,
  CALENDAR_PAGE_SIZE,
  UPCOMING_ICS_PATH,
  filterSearchParams,
  hasFilters,
  withQuery,
  type CalendarFilters as Filters,
} from "@/lib/query/calendar";
import styles from "./calendar.module.css";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const church = await currentChurch();
  return {
    title: "Calendar",
    description: `Upcoming services, courses, groups and events at ${church.name}, in each campus's local time.`,
  };
}

type SearchParams = Record<string, string | string[] | undefined>;

const PARAMS = ["type", "campusId", "ministryId", "audience", "cursor"] as const;
type ParamName = (typeof PARAMS)[number];

const PARAM_WORDS: Record<ParamName, string> = {
  type: "event type",
  campusId: "campus",
  ministryId: "ministry",
  audience: "audience",
  cursor: "“Load more” link",
};

interface ParsedQuery {
  filters: Filters;
  cursor?: string;
  /** Friendly sentences about values that were ignored. */
  problems: string[];
}

/**
 * The page's query string → filters and cursor, validated with the API's own schema. A bad value does not
 * break the page: it is left out and the page says so.
 */
function parseQuery(searchParams: SearchParams): ParsedQuery {
  const raw: Partial<Record<ParamName, string>> = {};
  for (const name of PARAMS) {
    const value = searchParams[name];
    const first = Array.isArray(value) ? value[0] : value;
    // The no-JS form sends "" for "All …": that means no filter.
    if (first !== undefined && first.trim() !== "") raw[name] = first;
  }

  const problems: string[] = [];
  for (;;) {
    const result = upcomingEventsQuerySchema.safeParse(raw);
    if (result.success) {
      const { type, campusId, ministryId, audience, cursor } = result.data;
      return { filters: { type, campusId, ministryId, audience }, cursor, problems };
    }
    const bad = new Set(result.error.issues.map((issue) => issue.path[0]).filter((name): name is ParamName => PARAMS.includes(name as ParamName)));
    if (bad.size === 0) return { filters: {}, problems: [...problems, "The filters in this address could not be read, so all events are shown."] };
    for (const name of bad) {
      problems.push(
        name === "type"
          ? `“${raw.type}” is not an event type we know, so events of every type are shown. Choose one of: ${Object.values(EVENT_TYPE_LABELS).join(", ")}.`
          : `The ${PARAM_WORDS[name]} in this address is not valid, so it was left out.`,
      );
      delete raw[name];
    }
  }
}

interface FeedResult {
  /** Absent when the feed could not be read; the client then retries and shows an error. */
  page?: UpcomingFeed;
  /** When the page was read (ms since epoch): the client counts it as fresh from then. */
  readAt: number;
  cursor?: string;
  problem?: string;
}

/** The first page of the feed for these filters; an expired or foreign cursor falls back to the start. */
async function readFirstPage(filters: Filters, cursor: string | undefined): Promise<FeedResult> {
  try {
    const page = await listUpcomingEvents(await database(), { ...filters, cursor, limit: CALENDAR_PAGE_SIZE });
    return { page, readAt: Date.now(), cursor };
  } catch (error) {
    if (cursor !== undefined && error instanceof CalendarError && error.statusCode === 400) {
      const restart = await readFirstPage(filters, undefined);
      return { ...restart, problem: "That “Load more” link has expired or belongs to other filters, so the list starts from the beginning." };
    }
    logLine("error", "calendar page: could not read the upcoming feed", describeError(error));
    return { readAt: Date.now(), cursor };
  }
}

async function readFilterOptions(): Promise<FilterOptions> {
  try {
    return await listFilterOptions(await database());
  } catch (error) {
    logLine("error", "calendar page: could not read the filter options", describeError(error));
    return { campuses: [], ministries: [], audiences: [] };
  }
}

export default async function CalendarPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { filters, cursor, problems } = parseQuery(await searchParams);
  const [feed, options] = await Promise.all([readFirstPage(filters, cursor), readFilterOptions()]);
  if (feed.problem) problems.push(feed.problem);

  const campusNames = Object.fromEntries(options.campuses.map((campus) => [campus.id, campus.name]));
  const subscribeHref = withQuery(UPCOMING_ICS_PATH, filterSearchParams(filters));

  return (
    <div className="page">
      <header className={styles.header}>
        <div>
          <h1>Calendar</h1>
          <p className="lede">Services, courses, groups and gatherings across our campuses. Times are in each event’s local time.</p>
          <p className={styles.mine}>
            <Link href="/calendar/mine">My schedule</Link>: what your household signed up for, and events for it, in your own calendar app too.
          </p>
        </div>
        <p className={styles.subscribe}>
          <a href={subscribeHref} type="text/calendar" className={styles.subscribeLink}>
            <span aria-hidden="true" className={styles.subscribeIcon} />
            Subscribe (iCal)
          </a>
          <span className={styles.hint}>{hasFilters(filters) ? "Only the events these filters show." : "Every upcoming event."}</span>
        </p>
      </header>

      {problems.length > 0 && (
        <div className="notice notice--warning">
          <h2 className="notice__title">Some of this address was not understood</h2>
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}

      <CalendarFilters options={options} filters={filters} />

      {feed.cursor && (
        <p className="notice">
          You are looking at later events. <Link href={withQuery(CALENDAR_PAGE_PATH, filterSearchParams(filters))}>Back to the first events</Link>
        </p>
      )}

      <CalendarFeed
        key={feed.cursor ?? ""}
        filters={filters}
        startCursor={feed.cursor ?? null}
        initialPage={feed.page}
        initialPageAt={feed.readAt}
        campusNames={campusNames}
      />
    </div>
  );
}
