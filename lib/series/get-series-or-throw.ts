import "server-only";
import type { Database } from "../db/database.ts";
import { eventStatusAt, storedEventStatus } from "../calendar/event-status.ts";
import { notFound } from "../identity/errors.ts";
import { describeRule } from "./recurrence.ts";
import type { AdminSeries } from "./schemas.ts";
import { ruleOfRow } from "./series-rows.ts";

/** GET /api/v1/admin/series/{id} (events:read): the series, its rule in words and every occurrence, by date, each with its status now. */
export async function getSeriesOrThrow(database: Database, seriesId: string, now = new Date()): Promise<AdminSeries> {
  if (!/^ser_[A-Za-z0-9_-]{1,60}$/.test(seriesId)) throw notFound("series");
  const row = await database.prisma.eventSeries.findUnique({
    where: { id: seriesId },
    select: {
      id: true,
      title: true,
      frequency: true,
      interval: true,
      weekdays: true,
      monthWeek: true,
      untilDate: true,
      count: true,
      startDate: true,
      startTime: true,
      endTime: true,
      endDayOffset: true,
      timezone: true,
      createdAt: true,
      updatedAt: true,
      events: {
        orderBy: [{ startAt: "asc" }, { id: "asc" }],
        select: { id: true, slug: true, recurrenceDate: true, startDate: true, startTime: true, endDate: true, endTime: true, status: true, startAt: true, endAt: true, seriesOverride: true },
      },
    },
  });
  if (!row) throw notFound("series");
  const rule = ruleOfRow(row);
  return {
    id: row.id,
    title: row.title,
    repeat: rule
      ? {
          frequency: rule.frequency,
          interval: rule.interval,
          weekdays: [...rule.weekdays],
          ...(rule.monthWeek ? { monthWeek: rule.monthWeek } : {}),
          ...(rule.until ? { until: rule.until } : {}),
          ...(rule.count ? { count: rule.count } : {}),
        }
      : null,
    summary: rule ? describeRule(rule) : null,
    startDate: row.startDate,
    startTime: row.startTime,
    endTime: row.endTime,
    endDayOffset: row.endDayOffset,
    timezone: row.timezone,
    occurrences: row.events.map((event) => ({
      eventId: event.id,
      slug: event.slug,
      recurrenceDate: event.recurrenceDate,
      startDate: event.startDate,
      startTime: event.startTime,
      endDate: event.endDate,
      endTime: event.endTime,
      status: eventStatusAt(storedEventStatus(event.status), event, now),
      override: event.seriesOverride,
    })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
