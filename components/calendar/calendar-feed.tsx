"use client";

import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { CalendarEvent, UpcomingFeed } from "@/lib/calendar/schemas";
import { CALENDAR_PAGE_PATH, filterSearchParams, hasFilters, useUpcomingEvents, withQuery, type CalendarFilters } from "@/lib/query/calendar";
import { EventCard } from "./event-card";
import { monthHeading } from "./event-date";
import { EmptyState } from "@/components/ui/empty-state";
import styles from "./calendar-feed.module.css";
import { EventCardSkeletons } from "./skeleton";

export interface CalendarFeedProps {
  filters: CalendarFilters;
  /** The cursor the server's page was read with; null for the start of the feed. */
  startCursor: string | null;
  /** The page the server rendered; absent when the server could not read the feed. */
  initialPage?: UpcomingFeed;
  /** When the server read it (ms since epoch). */
  initialPageAt: number;
  /** campusId → campus name, for the cards. */
  campusNames: Record<string, string>;
}

/** How many cards at the top load their artwork eagerly (they are likely above the fold). */
const EAGER_IMAGES = 3;

/**
 * How many pages the feed loads by itself as the reader nears its end, after the one it opened with; past them
 * only "Load more" goes on. The foot of the page (the language switcher, the developers' link) must be
 * reachable: with no limit every scroll towards it loaded twelve more events and pushed it away, 26 times
 * over the demo's 320 events, and a click meant for the switcher landed on a card (found by a CI run).
 */
const PAGES_LOADED_BY_SCROLLING = 3;

const noSubscription = () => () => {};

/** False in the server render and during hydration, true once the browser has taken over. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

function groupByMonth(events: CalendarEvent[], locale: string): { month: string; events: CalendarEvent[] }[] {
  const groups: { month: string; events: CalendarEvent[] }[] = [];
  for (const event of events) {
    const month = monthHeading(event, locale);
    const last = groups.at(-1);
    if (last && last.month === month) last.events.push(event);
    else groups.push({ month, events: [event] });
  }
  return groups;
}

/**
 * The upcoming events, grouped by month. The first page comes from the server (readable without
 * JavaScript, where "Load more" is a link to the next page); in the browser an infinite query takes over,
 * loading the next page when the end of the list comes near (PAGES_LOADED_BY_SCROLLING times) or when "Load
 * more" is pressed. Words:
 * "Calendar.feed", and the cards' "Calendar.labels" and "Calendar.dates".
 */
export function CalendarFeed({ filters, startCursor, initialPage, initialPageAt, campusNames }: CalendarFeedProps) {
  const t = useTranslations("Calendar.feed");
  const locale = useLocale();
  const hydrated = useHydrated();
  const query = useUpcomingEvents({ filters, startCursor, initialPage, initialPageAt });
  const { data, error, fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError, isRefetchError, refetch, isPending } = query;

  const pages = data?.pages ?? [];
  const events = pages.flatMap((page) => page.items);
  const lastPage = pages.at(-1);
  const feedKey = `${filterSearchParams(filters).toString()}|${startCursor ?? ""}`;

  // What the live region says. Derived from changes of the feed (new filters, one more page) while
  // rendering, so nothing is announced on the first render.
  const [announcement, setAnnouncement] = useState("");
  const [seen, setSeen] = useState({ feedKey, pageCount: pages.length, fetching: isFetchingNextPage });
  if (seen.feedKey !== feedKey || seen.pageCount !== pages.length || seen.fetching !== isFetchingNextPage) {
    setSeen({ feedKey, pageCount: pages.length, fetching: isFetchingNextPage });
    if (seen.feedKey !== feedKey) {
      const count = events.length;
      if (data) setAnnouncement(count === 0 ? t("noMatchAnnounce") : lastPage?.nextCursor ? t("showingSoFar", { count }) : t("showing", { count }));
    } else if (pages.length > seen.pageCount) {
      const count = lastPage?.items.length ?? 0;
      setAnnouncement(lastPage?.nextCursor ? t("loadedMore", { count }) : t("loadedMoreAll", { count }));
    } else if (isFetchingNextPage) {
      setAnnouncement(t("loadingMore"));
    }
  }

  // Near the end of the list, load the next page by itself, a few times. It stops after a failed page (the
  // Retry button takes over) so a broken connection does not spin.
  const sentinel = useRef<HTMLDivElement>(null);
  const autoLoad =
    hydrated && Boolean(hasNextPage) && !isFetchingNextPage && !isFetchNextPageError && pages.length <= PAGES_LOADED_BY_SCROLLING;
  useEffect(() => {
    const element = sentinel.current;
    if (!autoLoad || !element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: "0px 0px 600px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [autoLoad, fetchNextPage]);

  const liveRegion = (
    <p className="visually-hidden" role="status" aria-live="polite">
      {announcement}
    </p>
  );

  if (!data) {
    // No first page: the server could not read the feed. The browser tries again by itself; without
    // JavaScript, "Try again" reloads the page.
    return (
      <>
        {liveRegion}
        <div className={styles.feed} aria-busy={hydrated && isPending}>
          {hydrated && isPending ? (
            <>
              <p className="visually-hidden">{t("loadingEvents")}</p>
              <EventCardSkeletons count={6} />
            </>
          ) : (
            <div className="notice notice--error" role="alert">
              <h2 className="notice__title">{t("loadFailedTitle")}</h2>
              <p>{error?.message ?? t("loadFailedText")}</p>
              {hydrated ? (
                <button type="button" className="button" onClick={() => void refetch()}>
                  {t("retry")}
                </button>
              ) : (
                <a className="button" href={withQuery(CALENDAR_PAGE_PATH, filterSearchParams(filters, { cursor: startCursor ?? undefined }))}>
                  {t("tryAgain")}
                </a>
              )}
            </div>
          )}
        </div>
      </>
    );
  }

  if (events.length === 0) {
    return (
      <>
        {liveRegion}
        <div className={styles.feed}>
          {hasFilters(filters) ? (
            <EmptyState title={t("noMatchTitle")}>
              <p>{t.rich("noMatchText", { clear: (chunks) => <Link href={CALENDAR_PAGE_PATH}>{chunks}</Link> })}</p>
            </EmptyState>
          ) : (
            <EmptyState title={t("noneTitle")}>
              <p>{t("noneText")}</p>
            </EmptyState>
          )}
        </div>
      </>
    );
  }

  const nextHref = lastPage?.nextCursor ? withQuery(CALENDAR_PAGE_PATH, filterSearchParams(filters, { cursor: lastPage.nextCursor })) : null;
  const eagerIds = new Set(startCursor === null ? events.slice(0, EAGER_IMAGES).map((event) => event.eventId) : []);

  return (
    <>
      {liveRegion}
      <div className={styles.feed} aria-busy={isFetchingNextPage}>
        {isRefetchError && <RetryNotice message={t("refreshFailed", { reason: String(error?.message) })} onRetry={() => void refetch()} />}
        {groupByMonth(events, locale).map((group) => (
          <div className={styles.month} key={group.month}>
            <h2 className={styles.monthTitle}>{group.month}</h2>
            <ul className={styles.grid} role="list">
              {group.events.map((event) => (
                <li key={event.eventId}>
                  <EventCard
                    event={event}
                    campusName={event.campusId ? campusNames[event.campusId] : undefined}
                    eager={eagerIds.has(event.eventId)}
                  />
                </li>
              ))}
            </ul>
          </div>
        ))}

        {isFetchingNextPage && <EventCardSkeletons count={3} />}
        {/* feed__sentinel: e2e/portal/calendar.spec.ts scrolls to it by that class. */}
        <div ref={sentinel} className={`feed__sentinel ${styles.sentinel}`} aria-hidden="true" />

        {isFetchNextPageError && (
          <RetryNotice message={t("loadMoreFailed", { reason: String(error?.message) })} onRetry={() => void fetchNextPage()} />
        )}

        <div className={styles.more}>
          {hasNextPage && !isFetchNextPageError ? (
            hydrated ? (
              <button
                type="button"
                className="button"
                aria-disabled={isFetchingNextPage}
                onClick={() => {
                  if (!isFetchingNextPage) void fetchNextPage();
                }}
              >
                {isFetchingNextPage ? t("loadingMore") : t("loadMore")}
              </button>
            ) : (
              nextHref && (
                <a className="button" href={nextHref}>
                  {t("loadMore")}
                </a>
              )
            )
          ) : (
            !hasNextPage && <p className={styles.end}>{t("end")}</p>
          )}
        </div>
      </div>
    </>
  );
}

/** A failed load, said in words, with a way to try again. */
function RetryNotice({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useTranslations("Calendar.feed");
  return (
    <div className="notice notice--error" role="alert">
      <p>{message}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t("retry")}
      </button>
    </div>
  );
}
