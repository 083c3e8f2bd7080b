import "server-only";
import type { Database } from "../db/database.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import { newCalendarId } from "../calendar/new-calendar-id.ts";
import { checkEventReferences, instantsOrThrow, locationColumns, withSlugConflict } from "../calendar/staff-event-fields.ts";
import { getSeriesOrThrow } from "./get-series-or-throw.ts";
import type { AdminSeries, UpdateSeriesBody } from "./schemas.ts";
import { queueCancellationNotices } from "../registrations/queue-cancellation-notices.ts";
import { queueEventWebhooks } from "../webhooks/queue-webhook.ts";
import { datesOrThrow, freeSlugs, occurrenceSchedule, ruleColumns, ruleOfRow, toRule, type SeriesTimes } from "./series-rows.ts";

const FOLLOWED = ["title", "description", "eventType", "serviceType", "ministryId", "campusId", "visibility", "audience", "attendanceModes", "capacity", "organizer", "imageUrl", "registrationUrl", "tags"] as const;

/** The body's event fields as columns of each occurrence that follows the series (its times come from the series). */
function followedFields(body: UpdateSeriesBody): Prisma.EventUncheckedUpdateInput {
  const data: Prisma.EventUncheckedUpdateInput = {};
  for (const key of FOLLOWED) if (body[key] !== undefined) Object.assign(data, { [key]: body[key] });
  if (body.location !== undefined) Object.assign(data, locationColumns(body.location));
  return data;
}

/**
 * PATCH /api/v1/admin/series/{id} (events:write): "edit all" (docs/decisions/0026). Under the series' row
 * lock, in one transaction:
 * - every occurrence not yet started that was not edited on its own takes the fields sent and, on its rule
 *   date, the series' (new) times; one edited on its own keeps all of its own;
 * - an occurrence not yet started whose date the new rule no longer gives is deleted while it is a draft
 *   nobody could see, and otherwise CANCELLED (it stays in the feed, so people see the change) and leaves the
 *   rule (its rule date is cleared);
 * - dates the new rule adds that are still to come get new occurrences, published if the series is;
 * - what has started or ended stays as it was: the past is a record.
 * Occurrences that still fall on the rule keep their ids.
 */
export async function updateSeries(database: Database, seriesId: string, body: UpdateSeriesBody, now = new Date()): Promise<AdminSeries> {
  if (!/^ser_[A-Za-z0-9_-]{1,60}$/.test(seriesId)) throw notFound("series");
  await withSlugConflict(() =>
    database.transaction(async (tx) => {
      const locked = await tx.query<{ id: string }>(`SELECT id FROM event_series WHERE id = $1 FOR UPDATE`, [seriesId]);
      if (locked.length === 0) throw notFound("series");
      const row = await tx.prisma.eventSeries.findUniqueOrThrow({
        where: { id: seriesId },
        select: { frequency: true, interval: true, weekdays: true, monthWeek: true, untilDate: true, count: true, startDate: true, startTime: true, endTime: true, endDayOffset: true, timezone: true },
      });
      const current = ruleOfRow(row);
      if (!current || !row.startDate || !row.startTime || !row.endTime || !row.timezone) throw new IdentityError("conflict", "this series has no rule; change its events one by one");
      await checkEventReferences(tx, body);
      const draft: SeriesTimes = {
        startDate: body.startDate ?? row.startDate,
        startTime: body.startTime ?? row.startTime,
        endTime: body.endTime ?? row.endTime,
        endDayOffset: body.endDayOffset ?? row.endDayOffset,
        timezone: body.timezone ?? row.timezone,
      };
      const rule = body.repeat ? toRule(body.repeat) : current;
      const dates = datesOrThrow(rule, draft);
      const times: SeriesTimes = { ...draft, startDate: dates[0]! };
      const onRule = new Set(dates);
      const fields = followedFields(body);

      const events = await tx.prisma.event.findMany({
        where: { seriesId },
        orderBy: [{ startAt: "asc" }, { id: "asc" }],
        select: {
          id: true,
          recurrenceDate: true,
          seriesOverride: true,
          status: true,
          startAt: true,
          _count: { select: { registrations: true, checkIns: true } },
        },
      });
      const held = new Set<string>();
      const updated: string[] = [];
      const cancelled: string[] = [];
      for (const event of events) {
        const date = event.recurrenceDate;
        if (!date) continue;
        if (event.startAt < now) {
          held.add(date);
          continue;
        }
        if (onRule.has(date)) {
          held.add(date);
          if (event.seriesOverride) continue;
          const schedule = occurrenceSchedule(times, date);
          await tx.prisma.event.update({ where: { id: event.id }, data: { ...fields, ...schedule, ...instantsOrThrow(schedule) }, select: { id: true } });
          updated.push(event.id);
        } else if (event.status === "DRAFT" && event._count.registrations === 0 && event._count.checkIns === 0) {
          await tx.prisma.event.delete({ where: { id: event.id }, select: { id: true } });
        } else {
          await tx.prisma.event.update({ where: { id: event.id }, data: { status: "CANCELLED", recurrenceDate: null }, select: { id: true } });
          if (event.status !== "CANCELLED") cancelled.push(event.id);
        }
      }

      const added = dates.filter((date) => !held.has(date) && instantsOrThrow(occurrenceSchedule(times, date)).startAt >= now);
      const created = added.length > 0 ? await addOccurrences(tx, seriesId, added, times, fields, events.some((event) => event.status !== "DRAFT" && event.status !== "CANCELLED")) : [];

      // Told as if each occurrence were changed alone: webhooks (docs/decisions/0027), and everyone signed
      // up for a date that is called off.
      await queueEventWebhooks(tx, "event.updated", updated);
      await queueEventWebhooks(tx, "event.cancelled", cancelled);
      await queueEventWebhooks(tx, "event.created", created);
      for (const eventId of cancelled) await queueCancellationNotices(tx, eventId);

      await tx.prisma.eventSeries.update({
        where: { id: seriesId },
        data: { ...(body.title !== undefined ? { title: body.title } : {}), ...(body.repeat ? ruleColumns(body.repeat) : {}), ...times },
        select: { id: true },
      });
    }),
  );
  return getSeriesOrThrow(database, seriesId);
}

/** New occurrences on `dates`, copied from the series' latest occurrence that follows it, with the fields sent. */
async function addOccurrences(tx: Database, seriesId: string, dates: string[], times: SeriesTimes, fields: Prisma.EventUncheckedUpdateInput, published: boolean): Promise<string[]> {
  const template = await tx.prisma.event.findFirst({
    where: { seriesId },
    orderBy: [{ seriesOverride: "asc" }, { startAt: "desc" }, { id: "asc" }],
    select: {
      title: true,
      description: true,
      eventType: true,
      serviceType: true,
      ministryId: true,
      campusId: true,
      visibility: true,
      audience: true,
      attendanceModes: true,
      capacity: true,
      organizer: true,
      imageUrl: true,
      registrationUrl: true,
      locationName: true,
      locationAddress: true,
      latitude: true,
      longitude: true,
      tags: true,
    },
  });
  if (!template) throw new IdentityError("conflict", "this series has no event left to copy; create a new series");
  const base = { ...template, ...(fields as Partial<typeof template>) };
  const slugs = await freeSlugs(tx, base.title, dates);
  const ids = dates.map(() => newCalendarId("evt_"));
  await tx.prisma.event.createMany({
    data: dates.map((date, index) => {
      const schedule = occurrenceSchedule(times, date);
      return { ...base, id: ids[index]!, slug: slugs.get(date)!, ...schedule, ...instantsOrThrow(schedule), seriesId, recurrenceDate: date, status: published ? ("SCHEDULED" as const) : ("DRAFT" as const) };
    }),
  });
  return ids;
}
