import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { CalendarFeed } from "@/components/calendar/calendar-feed";
import { CalendarFilters, type FilterOptions } from "@/components/calendar/calendar-filters";
import { EVENT_TYPE_LABELS, eventTypeLabel } from "@/components/calendar/labels";
import { ClientMessages } from "@/components/i18n/client-messages";
import { CalendarError } from "@/lib/calendar/errors";
import { listFilterOptions } from "@/lib/calendar/list-filter-options";
import { listUpcomingEvents } from "@/lib/calendar/list-upcoming-events";
import { upcomingEventsQuerySchema, type EventType, type UpcomingFeed } from "@/lib/calendar/schemas";
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

/** What the filters and the feed (its cards and their dates) read in the browser. */
const CALENDAR_CLIENT_NAMESPACES = ["Calendar.filters", "Calendar.feed", "Calendar.labels", "Calendar.dates"];

export async function generateMetadata(): Promise<Metadata> {
  const church = await currentChurch();
  const t = await getTranslations("Calendar.index");
  return {
    title: t("title"),
    description: t("description", { church: church.name }),
  };
}

type SearchParams = Record<string, string | string[] | undefined>;

const PARAMS = ["type", "campusId", "ministryId", "audience", "cursor"] as const;
type ParamName = (typeof PARAMS)[number];

/** A value of the address that was ignored, said in a friendly sentence on the page. */
type Problem = { kind: "unreadable" } | { kind: "unknownType"; value: string } | { kind: "invalid"; param: ParamName } | { kind: "expiredCursor" };

interface ParsedQuery {
  filters: Filters;
  cursor?: string;
  problems: Problem[];
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

  const problems: Problem[] = [];
  for (;;) {
    const result = upcomingEventsQuerySchema.safeParse(raw);
    if (result.success) {
      const { type, campusId, ministryId, audience, cursor } = result.data;
      return { filters: { type, campusId, ministryId, audience }, cursor, problems };
    }
    const bad = new Set(result.error.issues.map((issue) => issue.path[0]).filter((name): name is ParamName => PARAMS.includes(name as ParamName)));
    if (bad.size === 0) return { filters: {}, problems: [...problems, { kind: "unreadable" }] };
    for (const name of bad) {
      problems.push(name === "type" ? { kind: "unknownType", value: String(raw.type) } : { kind: "invalid", param: name });
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
  problem?: Problem;
}

/** The first page of the feed for these filters; an expired or foreign cursor falls back to the start. */
async function readFirstPage(filters: Filters, cursor: string | undefined): Promise<FeedResult> {
  try {
    const page = await listUpcomingEvents(await database(), { ...filters, cursor, limit: CALENDAR_PAGE_SIZE });
    return { page, readAt: Date.now(), cursor };
  } catch (error) {
    if (cursor !== undefined && error instanceof CalendarError && error.statusCode === 400) {
      const restart = await readFirstPage(filters, undefined);
      return { ...restart, problem: { kind: "expiredCursor" } };
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
  const { filters, cursor, problems: ignored } = parseQuery(await searchParams);
  const [feed, options] = await Promise.all([readFirstPage(filters, cursor), readFilterOptions()]);
  const t = await getTranslations("Calendar.index");
  const labels = await getTranslations("Calendar.labels");
  if (feed.problem) ignored.push(feed.problem);
  const types = (Object.keys(EVENT_TYPE_LABELS) as EventType[]).map((type) => eventTypeLabel(labels, type)).join(", ");
  const problems = ignored.map((problem) => {
    switch (problem.kind) {
      case "unreadable":
        return t("unreadable");
      case "unknownType":
        return t("unknownType", { value: problem.value, types });
      case "invalid":
        return t("invalid", { param: problem.param });
      case "expiredCursor":
        return t("expiredCursor");
    }
  });

  const campusNames = Object.fromEntries(options.campuses.map((campus) => [campus.id, campus.name]));
  const subscribeHref = withQuery(UPCOMING_ICS_PATH, filterSearchParams(filters));

  return (
    <div className="page">
      <header className={styles.header}>
        <div>
          <h1>{t("title")}</h1>
          <p className="lede">{t("lede")}</p>
          <p className={styles.mine}>{t.rich("mine", { link: (chunks) => <Link href="/calendar/mine">{chunks}</Link> })}</p>
        </div>
        <p className={styles.subscribe}>
          <a href={subscribeHref} type="text/calendar" className={styles.subscribeLink}>
            <span aria-hidden="true" className={styles.subscribeIcon} />
            {t("subscribe")}
          </a>
          <span className={styles.hint}>{hasFilters(filters) ? t("onlyFiltered") : t("everyUpcoming")}</span>
        </p>
      </header>

      {problems.length > 0 && (
        <div className="notice notice--warning">
          <h2 className="notice__title">{t("problemsTitle")}</h2>
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}

      <ClientMessages namespaces={CALENDAR_CLIENT_NAMESPACES}>
        <CalendarFilters options={options} filters={filters} />

        {feed.cursor && (
          <p className="notice">{t.rich("laterEvents", { link: (chunks) => <Link href={withQuery(CALENDAR_PAGE_PATH, filterSearchParams(filters))}>{chunks}</Link> })}</p>
        )}

        <CalendarFeed
          key={feed.cursor ?? ""}
          filters={filters}
          startCursor={feed.cursor ?? null}
          initialPage={feed.page}
          initialPageAt={feed.readAt}
          campusNames={campusNames}
        />
      </ClientMessages>
    </div>
  );
}
