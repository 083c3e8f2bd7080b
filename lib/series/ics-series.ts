import "server-only";
import type { Database } from "../db/database.ts";
import type { IcsSeries, IcsSeriesIndex } from "../calendar/ics.ts";
import type { CalendarEvent } from "../calendar/schemas.ts";
import { ruleOfRow } from "./series-rows.ts";

/**
 * The rules of the series among `events` and each occurrence's rule date, for the iCalendar serializer
 * (lib/calendar/ics.ts), in two queries. Series without a rule are left out: their events stay single VEVENTs.
 */
export async function loadIcsSeries(database: Database, events: readonly CalendarEvent[]): Promise<IcsSeriesIndex> {
  const seriesIds = [...new Set(events.flatMap((event) => (event.seriesId ? [event.seriesId] : [])))];
  if (seriesIds.length === 0) return { series: new Map(), recurrenceDates: new Map() };
  const rows = await database.prisma.eventSeries.findMany({
    where: { id: { in: seriesIds }, frequency: { not: null } },
    select: { id: true, frequency: true, interval: true, weekdays: true, monthWeek: true, untilDate: true, count: true, startDate: true, startTime: true, timezone: true },
  });
  const series = new Map<string, IcsSeries>();
  for (const row of rows) {
    const rule = ruleOfRow(row);
    if (rule && row.startDate && row.startTime && row.timezone) series.set(row.id, { id: row.id, rule, startDate: row.startDate, startTime: row.startTime, timezone: row.timezone });
  }
  const ids = events.filter((event) => event.seriesId && series.has(event.seriesId)).map((event) => event.eventId);
  const dated = ids.length === 0 ? [] : await database.prisma.event.findMany({ where: { id: { in: ids }, recurrenceDate: { not: null } }, select: { id: true, recurrenceDate: true } });
  return { series, recurrenceDates: new Map(dated.map((row) => [row.id, row.recurrenceDate!])) };
}
