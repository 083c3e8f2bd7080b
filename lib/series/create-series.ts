import "server-only";
import type { Database } from "../db/database.ts";
import { IdentityError } from "../identity/errors.ts";
import { newCalendarId } from "../calendar/new-calendar-id.ts";
import { checkEventReferences, eventDetailColumns, instantsOrThrow, withSlugConflict } from "../calendar/staff-event-fields.ts";
import { daysBetween } from "./recurrence.ts";
import { getSeriesOrThrow } from "./get-series-or-throw.ts";
import type { AdminSeries, CreateSeriesBody } from "./schemas.ts";
import { queueEventWebhooks } from "../webhooks/queue-webhook.ts";
import { datesOrThrow, freeSlugs, occurrenceSchedule, ruleColumns, toRule, type SeriesTimes } from "./series-rows.ts";

/**
 * POST /api/v1/admin/series (events:write): a series and every occurrence its rule gives, each an ordinary
 * event (a DRAFT until published, its slug the title and date) remembering its rule date. The series starts
 * on the first date the rule gives on or after `startDate`; `endDate - startDate` is each occurrence's
 * length in days. At most 200 dates: a rule that would give more is refused, never cut short.
 */
export async function createSeries(database: Database, body: CreateSeriesBody): Promise<AdminSeries> {
  const endDayOffset = daysBetween(body.startDate, body.endDate);
  if (endDayOffset < 0) throw new IdentityError("invalid_request", "endDate: an event cannot end before it starts");
  instantsOrThrow(body);
  const rule = toRule(body.repeat);
  const draft: SeriesTimes = { startDate: body.startDate, startTime: body.startTime, endTime: body.endTime, endDayOffset, timezone: body.timezone };
  const dates = datesOrThrow(rule, draft);
  const times: SeriesTimes = { ...draft, startDate: dates[0]! };
  const seriesId = newCalendarId("ser_");
  await withSlugConflict(() =>
    database.transaction(async (tx) => {
      await checkEventReferences(tx, body);
      await tx.prisma.eventSeries.create({ data: { id: seriesId, title: body.title, ...ruleColumns(body.repeat), ...times }, select: { id: true } });
      const slugs = await freeSlugs(tx, body.title, dates);
      const ids = dates.map(() => newCalendarId("evt_"));
      const details = eventDetailColumns(body);
      await tx.prisma.event.createMany({
        data: dates.map((date, index) => {
          const schedule = occurrenceSchedule(times, date);
          return {
            id: ids[index]!,
            slug: slugs.get(date)!,
            ...details,
            ...schedule,
            ...instantsOrThrow(schedule),
            seriesId,
            recurrenceDate: date,
            status: "DRAFT" as const,
          };
        }),
      });
      // Each occurrence is an event of its own to webhooks too (docs/decisions/0027), as one made alone is.
      await queueEventWebhooks(tx, "event.created", ids);
    }),
  );
  return getSeriesOrThrow(database, seriesId);
}
