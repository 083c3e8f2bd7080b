import type { Database } from "../db/database.ts";
import { env } from "../env.ts";
import { decodeCursor, deriveCursorKey, encodeCursor, type CursorPosition } from "./cursor.ts";
import { invalidCursor } from "./errors.ts";
import { earliestUpcomingStart } from "./event-time.ts";
import { parseEvents, selectPublicEvents, SqlParams, type PublicEventRow } from "./public-events-sql.ts";
import { DEFAULT_PAGE_SIZE, ICS_FEED_MAX_EVENTS, type CalendarEvent, type UpcomingEventsFilters, type UpcomingEventsQuery, type UpcomingFeed } from "./schemas.ts";

let cursorKey: Buffer | undefined;
function key(): Buffer {
  cursorKey ??= deriveCursorKey(env().APP_SECRET);
  return cursorKey;
}

function pickFilters(query: UpcomingEventsFilters): UpcomingEventsFilters {
  return { type: query.type, ministryId: query.ministryId, campusId: query.campusId, audience: query.audience };
}

/**
 * Whether the page's query may run on its generic plan (decision 0030): with no filter it walks the
 * (start_at, id) index in feed order, with one of type, ministry or campus that column's (column, start_at,
 * id) index, whatever the values and the cursor, so one plan is right for every call. Audience and two or
 * more filters are left to PostgreSQL's choice per call: there the best index depends on how common the
 * values are (a generic plan for type, campus and audience read 597 rows and sorted them: 7 ms, not 0.2).
 */
function hasOneRightPlan(filters: UpcomingEventsFilters): boolean {
  const equalityFilters = [filters.type, filters.ministryId, filters.campusId].filter((value) => value !== undefined).length;
  return filters.audience === undefined && equalityFilters <= 1;
}

/**
 * Upcoming public events for the filters (ANDed), after a keyset position, in feed order: start instant,
 * then eventId. Each filter column has a (column, start_at, id) index and audience a GIN index.
 */
function selectUpcoming(database: Database, filters: UpcomingEventsFilters, now: Date, after: CursorPosition | null, limit: number): Promise<PublicEventRow[]> {
  const params = new SqlParams();
  // An event still running now started at most MAX_EVENT_DURATION_DAYS ago: that lower bound turns the
  // scan into an index range instead of a walk through every past event.
  const conditions = [`e.end_at >= ${params.add(now.toISOString())}::timestamptz`, `e.start_at >= ${params.add(earliestUpcomingStart(now).toISOString())}::timestamptz`];
  if (after) conditions.push(`(e.start_at, e.id) > (${params.add(after.startAt.toISOString())}::timestamptz, ${params.add(after.eventId)})`);
  if (filters.type) conditions.push(`e.event_type = ${params.add(filters.type)}`);
  if (filters.ministryId) conditions.push(`e.ministry_id = ${params.add(filters.ministryId)}`);
  if (filters.campusId) conditions.push(`e.campus_id = ${params.add(filters.campusId)}`);
  if (filters.audience) conditions.push(`e.audience @> ARRAY[${params.add(filters.audience)}::text]`);
  return selectPublicEvents(database, conditions, params, limit, { genericPlan: hasOneRightPlan(filters) });
}

/** One page of the feed as the events' JSON texts and the cursor of the next page. */
export interface UpcomingPage {
  eventJson: string[];
  nextCursor: string | null;
}

/**
 * One page of the upcoming feed, paged by keyset on (start_at, id), never OFFSET, so a deep page costs
 * what the first one does. A malformed, edited or foreign cursor is a CalendarError.
 */
export async function readUpcomingPage(database: Database, query: UpcomingEventsQuery, now = new Date()): Promise<UpcomingPage> {
  const filters = pickFilters(query);
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  let after: CursorPosition | null = null;
  if (query.cursor !== undefined) {
    after = decodeCursor(query.cursor, filters, key());
    if (!after) throw invalidCursor();
  }
  const rows = await selectUpcoming(database, filters, now, after, limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    eventJson: page.map((row) => row.json),
    nextCursor:
      rows.length > limit && last ? encodeCursor({ startAt: new Date(Number(last.start_ms)), eventId: last.id }, filters, key()) : null,
  };
}

/** The UpcomingFeed body of a page, assembled from the JSON PostgreSQL built. */
export function upcomingFeedBody(page: UpcomingPage): string {
  return `{"items":[${page.eventJson.join(",")}],"nextCursor":${JSON.stringify(page.nextCursor)}}`;
}

/** One page of the upcoming feed as objects, for server-rendered pages. */
export async function listUpcomingEvents(database: Database, query: UpcomingEventsQuery, now = new Date()): Promise<UpcomingFeed> {
  const page = await readUpcomingPage(database, query, now);
  return { items: page.eventJson.map((json) => JSON.parse(json) as CalendarEvent), nextCursor: page.nextCursor };
}

/** Every upcoming event for the filters (up to ICS_FEED_MAX_EVENTS), in feed order, for the .ics feed. */
export async function listUpcomingEventsForSubscription(database: Database, filters: UpcomingEventsFilters, now = new Date()): Promise<CalendarEvent[]> {
  return parseEvents(await selectUpcoming(database, pickFilters(filters), now, null, ICS_FEED_MAX_EVENTS));
}
