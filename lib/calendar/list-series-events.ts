import { db } from "../db.ts";
import { env } from "../env.ts";
import { publicEventWhere } from "./public-event-filter.ts";
import type { CalendarEvent } from "./schemas.ts";
import { calendarEventSelect, toCalendarEvent } from "./to-calendar-event.ts";

/** The next public dates of a recurring series, for the "more dates" list of an event page. */
export async function listSeriesEvents(
  seriesId: string,
  options: { excludeEventId?: string; limit?: number } = {},
  now = new Date(),
): Promise<{ title: string; events: CalendarEvent[] } | null> {
  const prisma = await db();
  const series = await prisma.eventSeries.findUnique({
    where: { id: seriesId },
    select: {
      title: true,
      events: {
        where: { ...publicEventWhere, endAt: { gte: now }, ...(options.excludeEventId && { id: { not: options.excludeEventId } }) },
        orderBy: [{ startAt: "asc" }, { id: "asc" }],
        take: options.limit ?? 6,
        select: calendarEventSelect,
      },
    },
  });
  if (!series) return null;
  const { ASSET_URL } = env();
  return { title: series.title, events: series.events.map((row) => toCalendarEvent(row, ASSET_URL)) };
}
