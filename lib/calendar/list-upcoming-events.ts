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
 * The filters that one index serves in feed order, whatever their values and the cursor (decision 0030):
 * none (the (start_at, id) index), one of type, ministry or campus (that column's (column, start_at, id)
 * index), or campus and type together ((campus_id, event_type, start_at, id)). A query on those alone has
 * one right plan, so it runs on its generic plan and is not planned again on every call. The rest (audience,
 * a second filter without a shared index) are `residual`: how many events they keep depends on the values.
 */
function splitFilters(filters: UpcomingEventsFilters): { indexed: UpcomingEventsFilters; residual: UpcomingEventsFilters } {
  const { type, ministryId, campusId, audience } = filters;
  // A ministry is the narrowest of the three in a church's calendar, so it leads when it is given.
  if (ministryId !== undefined) return { indexed: { ministryId }, residual: { type, campusId, audience } };
  return { indexed: { type, campusId }, residual: { audience } };
}

function hasAny(filters: UpcomingEventsFilters): boolean {
  return Object.values(filters).some((value) => value !== undefined);
}

/** Conditions on `e` for the upcoming window, a keyset position and filters; values go into `params`. */
function upcomingConditions(params: SqlParams, now: Date, after: CursorPosition | null, filters: UpcomingEventsFilters): string[] {
  // An event still running now started at most MAX_EVENT_DURATION_DAYS ago: that lower bound turns the
  // scan into an index range instead of a walk through every past event. A cursor at or past it is a
  // tighter bound of its own, so the index range is given one bound, not two for the scan to check.
  const earliest = earliestUpcomingStart(now);
  const conditions = [`e.end_at >= ${params.add(now.toISOString())}::timestamptz`];
  if (!after || after.startAt < earliest) conditions.push(`e.start_at >= ${params.add(earliest.toISOString())}::timestamptz`);
  if (after) conditions.push(`(e.start_at, e.id) > (${params.add(after.startAt.toISOString())}::timestamptz, ${params.add(after.eventId)})`);
  return [...conditions, ...filterConditions(params, filters)];
}

function filterConditions(params: SqlParams, filters: UpcomingEventsFilters): string[] {
  const conditions: string[] = [];
  if (filters.type) conditions.push(`e.event_type = ${params.add(filters.type)}`);
  if (filters.ministryId) conditions.push(`e.ministry_id = ${params.add(filters.ministryId)}`);
  if (filters.campusId) conditions.push(`e.campus_id = ${params.add(filters.campusId)}`);
  if (filters.audience) conditions.push(`e.audience @> ARRAY[${params.add(filters.audience)}::text]`);
  return conditions;
}

/**
 * How many indexed events the first try looks through per row it wants: residual filters that keep at least
 * one in five find their page there. Rarer ones cost that bounded look and then the planned query.
 */
const RESIDUAL_TRY_ROWS_PER_RESULT = 5;

/**
 * Upcoming public events for the filters (ANDed), after a keyset position, in feed order: start instant,
 * then eventId, at most `limit`. Each filter column has a (column, start_at, id) index and audience a GIN
 * index; PostgreSQL plans the query for the values unless the filters leave it one right plan.
 */
function selectUpcoming(database: Database, filters: UpcomingEventsFilters, now: Date, after: CursorPosition | null, limit: number): Promise<PublicEventRow[]> {
  const params = new SqlParams();
  const genericPlan = !hasAny(splitFilters(filters).residual);
  return selectPublicEvents(database, upcomingConditions(params, now, after, filters), params, now, limit, { genericPlan });
}

/**
 * The same for one page of the feed. With residual filters the best plan depends on the values, and planning
 * every call cost more than running the query (on the embedded database, a third of a filtered page's CPU).
 * So the page is first looked for among the next few indexed events, on a generic plan whose work is bounded
 * whatever the values. When the residual filters keep enough of them, that is the page exactly as the full
 * query gives it: the look goes through the indexed events in feed order, so the first matches it finds are
 * the first matches there are. Otherwise the full query runs, planned for its values (a GIN scan for an
 * audience few events have).
 */
async function selectUpcomingPage(database: Database, filters: UpcomingEventsFilters, now: Date, after: CursorPosition | null, limit: number): Promise<PublicEventRow[]> {
  const { indexed, residual } = splitFilters(filters);
  if (!hasAny(residual)) return selectUpcoming(database, filters, now, after, limit);
  const params = new SqlParams();
  const among = { conditions: upcomingConditions(params, now, after, indexed), limit: limit * RESIDUAL_TRY_ROWS_PER_RESULT };
  const found = await selectPublicEvents(database, filterConditions(params, residual), params, now, limit, { genericPlan: true }, among);
  return found.length === limit ? found : selectUpcoming(database, filters, now, after, limit);
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
  const rows = await selectUpcomingPage(database, filters, now, after, limit + 1);
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
