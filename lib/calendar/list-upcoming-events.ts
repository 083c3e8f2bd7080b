import { db } from "../db.ts";
import { env } from "../env.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { decodeCursor, deriveCursorKey, encodeCursor, type CursorPosition } from "./cursor.ts";
import { invalidCursor } from "./errors.ts";
import { earliestUpcomingStart } from "./event-time.ts";
import { publicEventWhere } from "./public-event-filter.ts";
import { DEFAULT_PAGE_SIZE, type CalendarEvent, type UpcomingEventsFilters, type UpcomingEventsQuery, type UpcomingFeed } from "./schemas.ts";
import { calendarEventSelect, toCalendarEvent } from "./to-calendar-event.ts";

let cursorKey: Buffer | undefined;
function key(): Buffer {
  cursorKey ??= deriveCursorKey(env().APP_SECRET);
  return cursorKey;
}

/** The WHERE of the upcoming feed: public, non-draft, ending now or later, filters ANDed, after a position. */
function upcomingWhere(filters: UpcomingEventsFilters, now: Date, after: CursorPosition | null): Prisma.EventWhereInput {
  // An event still running now started at most MAX_EVENT_DURATION_DAYS ago: that lower bound turns the
  // scan into an index range instead of a walk through every past event.
  const lowerBound = earliestUpcomingStart(now);
  const scanFrom = after && after.startAt > lowerBound ? after.startAt : lowerBound;
  return {
    ...publicEventWhere,
    endAt: { gte: now },
    startAt: { gte: scanFrom },
    ...(after && { OR: [{ startAt: { gt: after.startAt } }, { id: { gt: after.eventId } }] }),
    ...(filters.type && { eventType: filters.type }),
    ...(filters.ministryId && { ministryId: filters.ministryId }),
    ...(filters.campusId && { campusId: filters.campusId }),
    ...(filters.audience && { audience: { has: filters.audience } }),
  };
}

const feedOrder: Prisma.EventOrderByWithRelationInput[] = [{ startAt: "asc" }, { id: "asc" }];

/**
 * One page of the upcoming feed, ordered by start instant then eventId and paged by keyset on the
 * (start_at, id) indexes (never OFFSET), so a deep page costs what the first one does.
 */
export async function listUpcomingEvents(query: UpcomingEventsQuery, now = new Date()): Promise<UpcomingFeed> {
  const filters = pickFilters(query);
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  let after: CursorPosition | null = null;
  if (query.cursor !== undefined) {
    after = decodeCursor(query.cursor, filters, key());
    if (!after) throw invalidCursor();
  }
  const prisma = await db();
  const rows = await prisma.event.findMany({
    where: upcomingWhere(filters, now, after),
    orderBy: feedOrder,
    take: limit + 1,
    select: calendarEventSelect,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const { ASSET_URL } = env();
  return {
    items: page.map((row) => toCalendarEvent(row, ASSET_URL)),
    nextCursor: rows.length > limit && last ? encodeCursor({ startAt: last.startAt, eventId: last.id }, filters, key()) : null,
  };
}

/** The most events one iCalendar subscription carries: about a year of a busy church's calendar. */
export const ICS_FEED_MAX_EVENTS = 1000;

/** Every upcoming event for the filters (up to ICS_FEED_MAX_EVENTS), in feed order, for the .ics feed. */
export async function listUpcomingEventsForSubscription(filters: UpcomingEventsFilters, now = new Date()): Promise<CalendarEvent[]> {
  const prisma = await db();
  const rows = await prisma.event.findMany({
    where: upcomingWhere(pickFilters(filters), now, null),
    orderBy: feedOrder,
    take: ICS_FEED_MAX_EVENTS,
    select: calendarEventSelect,
  });
  const { ASSET_URL } = env();
  return rows.map((row) => toCalendarEvent(row, ASSET_URL));
}

function pickFilters(query: UpcomingEventsFilters): UpcomingEventsFilters {
  return { type: query.type, ministryId: query.ministryId, campusId: query.campusId, audience: query.audience };
}
