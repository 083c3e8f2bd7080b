import type { Database } from "../db/database.ts";
import { parseEvents, selectPublicEvents, SqlParams } from "./public-events-sql.ts";
import type { CalendarEvent } from "./schemas.ts";

/** The next public dates of a recurring series, for the "more dates" list of an event page. */
export async function listSeriesEvents(
  database: Database,
  seriesId: string,
  options: { excludeEventId?: string; limit?: number } = {},
  now = new Date(),
): Promise<{ title: string; events: CalendarEvent[] } | null> {
  const series = await database.prisma.eventSeries.findUnique({ where: { id: seriesId }, select: { title: true } });
  if (!series) return null;
  const params = new SqlParams();
  const conditions = [`e.series_id = ${params.add(seriesId)}`, `e.end_at >= ${params.add(now.toISOString())}::timestamptz`];
  if (options.excludeEventId) conditions.push(`e.id <> ${params.add(options.excludeEventId)}`);
  const rows = await selectPublicEvents(database, conditions, params, now, options.limit ?? 6);
  return { title: series.title, events: parseEvents(rows) };
}
