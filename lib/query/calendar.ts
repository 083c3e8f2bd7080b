import { useInfiniteQuery, type InfiniteData } from "@tanstack/react-query";
import type { CalendarErrorBody, EventType, UpcomingFeed } from "@/lib/calendar/schemas";

/**
 * The portal's client-side access to the upcoming feed: query keys, the fetcher and the infinite-query hook.
 * Pure browser code: it talks to the HTTP API (`/api/calendar/events/upcoming`), never to a service. The
 * server page imports the constants and URL helpers from here so both sides build the same URLs and keys.
 */

/** Page size of the calendar page, on the server's first page and every page fetched after it. */
export const CALENDAR_PAGE_SIZE = 12;

export const UPCOMING_API_PATH = "/api/calendar/events/upcoming";
export const UPCOMING_ICS_PATH = "/api/calendar/events/upcoming.ics";
export const CALENDAR_PAGE_PATH = "/calendar";

export interface CalendarFilters {
  type?: EventType;
  campusId?: string;
  ministryId?: string;
  audience?: string;
}

export const FILTER_NAMES = ["type", "campusId", "ministryId", "audience"] as const satisfies readonly (keyof CalendarFilters)[];

/** Query-string parameters for the filters that are set, in a stable order (so URLs and keys are stable). */
export function filterSearchParams(filters: CalendarFilters, extra: Record<string, string | undefined> = {}): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const value = filters[name];
    if (value) params.set(name, value);
  }
  for (const [name, value] of Object.entries(extra)) {
    if (value !== undefined) params.set(name, value);
  }
  return params;
}

/** `path` plus `?query` when there is one. */
export function withQuery(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

export function hasFilters(filters: CalendarFilters): boolean {
  return FILTER_NAMES.some((name) => Boolean(filters[name]));
}

export const calendarKeys = {
  all: ["calendar"] as const,
  upcoming: () => [...calendarKeys.all, "upcoming"] as const,
  /** One feed: its filters and the cursor it starts from (a no-JS "Load more" link can start mid-feed). */
  upcomingFeed: (filters: CalendarFilters, startCursor: string | null) =>
    [...calendarKeys.upcoming(), { ...normalizeFilters(filters), startCursor }] as const,
};

function normalizeFilters(filters: CalendarFilters): CalendarFilters {
  const normalized: CalendarFilters = {};
  for (const name of FILTER_NAMES) {
    const value = filters[name];
    if (value) (normalized as Record<string, string>)[name] = value;
  }
  return normalized;
}

/** An error answer of the calendar API, with its status so retries can skip client errors. */
export class CalendarRequestError extends Error {
  override name = "CalendarRequestError";
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function isCalendarErrorBody(value: unknown): value is CalendarErrorBody {
  return typeof value === "object" && value !== null && (value as { error?: unknown }).error === true && typeof (value as { message?: unknown }).message === "string";
}

/** One page of the feed from the HTTP API. Throws CalendarRequestError on an error answer or a network failure. */
export async function fetchUpcomingPage(filters: CalendarFilters, cursor: string | null, signal?: AbortSignal): Promise<UpcomingFeed> {
  const params = filterSearchParams(filters, { limit: String(CALENDAR_PAGE_SIZE), cursor: cursor ?? undefined });
  let response: Response;
  try {
    response = await fetch(withQuery(UPCOMING_API_PATH, params), { headers: { accept: "application/json" }, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new CalendarRequestError(0, "We could not reach the calendar. Check your connection and try again.");
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    throw new CalendarRequestError(response.status, isCalendarErrorBody(body) ? body.message : `The calendar answered ${response.status}.`);
  }
  if (typeof body !== "object" || body === null || !Array.isArray((body as UpcomingFeed).items)) {
    throw new CalendarRequestError(response.status, "The calendar sent an unexpected answer.");
  }
  return body as UpcomingFeed;
}

/** Client errors (4xx) will not get better by asking again; network and server errors get two more tries. */
export function shouldRetryCalendarRequest(failureCount: number, error: unknown): boolean {
  if (error instanceof CalendarRequestError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export interface UseUpcomingEventsOptions {
  filters: CalendarFilters;
  /** The cursor the first page was read with (null for the start of the feed). */
  startCursor: string | null;
  /** The first page as the server rendered it; absent when the server could not read it. */
  initialPage?: UpcomingFeed;
  /** When the server read the first page (ms since epoch), so it counts as fresh for staleTime. */
  initialPageAt?: number;
}

/** The upcoming feed as an infinite query, seeded with the server-rendered first page. */
export function useUpcomingEvents({ filters, startCursor, initialPage, initialPageAt }: UseUpcomingEventsOptions) {
  return useInfiniteQuery<UpcomingFeed, Error, InfiniteData<UpcomingFeed, string | null>, ReturnType<typeof calendarKeys.upcomingFeed>, string | null>({
    queryKey: calendarKeys.upcomingFeed(filters, startCursor),
    queryFn: ({ pageParam, signal }) => fetchUpcomingPage(filters, pageParam, signal),
    initialPageParam: startCursor,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    initialData: initialPage ? { pages: [initialPage], pageParams: [startCursor] } : undefined,
    initialDataUpdatedAt: initialPage ? initialPageAt : undefined,
    retry: shouldRetryCalendarRequest,
  });
}
