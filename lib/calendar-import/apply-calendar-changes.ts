import "server-only";
import type { Database } from "../db/database.ts";
import { newCalendarId } from "../calendar/new-calendar-id.ts";
import { withSlugConflict } from "../calendar/staff-event-fields.ts";
import { queueCancellationNotices } from "../registrations/queue-cancellation-notices.ts";
import { freeSlugs } from "../series/series-rows.ts";
import { queueEventWebhook, queueEventWebhooks } from "../webhooks/queue-webhook.ts";
import { eventColumns, type CalendarChanges, type EventWrite } from "./calendar-changes.ts";
import type { CalendarImportCounts } from "./schemas.ts";

/**
 * Writes what calendarChanges worked out, in the caller's transaction: the series first (rule and times, by
 * the source's UID), then new events (slugs from their title and date), then updated ones, then those gone
 * from the source: a draft nobody saw is removed, anything else is cancelled with its sign-ups told, as a
 * cancellation by staff would (change-event-status.ts). Webhooks hear of every event made, changed or
 * cancelled (docs/decisions/0027).
 */
export async function applyCalendarChanges(tx: Database, importId: string, changes: CalendarChanges): Promise<CalendarImportCounts> {
  const seriesIds = new Map<string, string>();
  for (const plan of changes.series) {
    const columns = {
      title: plan.title,
      frequency: plan.rule.frequency,
      interval: plan.rule.interval,
      weekdays: [...plan.rule.weekdays],
      monthWeek: plan.rule.monthWeek ?? null,
      untilDate: plan.rule.until ?? null,
      count: plan.rule.count ?? null,
      startDate: plan.startDate,
      startTime: plan.startTime,
      endTime: plan.endTime,
      endDayOffset: plan.endDayOffset,
      timezone: plan.timezone,
    };
    if (plan.existingId) {
      await tx.prisma.eventSeries.update({ where: { id: plan.existingId }, data: columns, select: { id: true } });
      seriesIds.set(plan.uid, plan.existingId);
    } else {
      const id = newCalendarId("ser_");
      await tx.prisma.eventSeries.create({ data: { id, ...columns, importId, importUid: plan.uid }, select: { id: true } });
      seriesIds.set(plan.uid, id);
    }
  }
  const seriesIdOf = (write: EventWrite) => (write.seriesUid ? (seriesIds.get(write.seriesUid) ?? null) : null);

  // No update can clash on (series, rule date): a series is one source UID and its occurrences' keys are that UID
  // and their rule dates, so the event holding a series' date is the one whose key says so.
  const created = await createEvents(tx, importId, changes.creates, seriesIdOf);
  for (const write of changes.updates) {
    await tx.prisma.event.update({ where: { id: write.existingId! }, data: { ...eventColumns(write.columns), seriesId: seriesIdOf(write) }, select: { id: true } });
  }
  // What an earlier import of this calendar made is this one's now: its next sync owns it.
  const elsewhere = { OR: [{ importId: null }, { importId: { not: importId } }] };
  await tx.prisma.event.updateMany({ where: { importKey: { in: changes.keys }, ...elsewhere }, data: { importId } });
  await tx.prisma.eventSeries.updateMany({ where: { importUid: { in: changes.uids }, ...elsewhere }, data: { importId } });
  await queueEventWebhooks(tx, "event.created", created);
  await queueEventWebhooks(tx, "event.updated", changes.updates.map((write) => write.existingId!));

  for (const gone of changes.gone) {
    if (gone.status === "DRAFT") {
      await tx.prisma.event.delete({ where: { id: gone.id }, select: { id: true } });
      continue;
    }
    await tx.prisma.event.update({ where: { id: gone.id }, data: { status: "CANCELLED" }, select: { id: true } });
    await queueCancellationNotices(tx, gone.id);
    await queueEventWebhook(tx, "event.cancelled", gone.id);
  }
  return { created: created.length, updated: changes.updates.length, unchanged: changes.unchanged, cancelled: changes.gone.length };
}

/** New events, each source event's instances together so their slugs are its title and their dates. */
async function createEvents(tx: Database, importId: string, creates: readonly EventWrite[], seriesIdOf: (write: EventWrite) => string | null): Promise<string[]> {
  const byUid = new Map<string, EventWrite[]>();
  for (const write of creates) byUid.set(write.uid, [...(byUid.get(write.uid) ?? []), write]);
  const ids: string[] = [];
  for (const writes of byUid.values()) {
    const slugs = await freeSlugs(tx, writes[0]!.columns.title, writes.map((write) => write.columns.startDate));
    // Two instances of one event on one date (a moved occurrence landing on another's day) share a date: the later one gets the counter.
    const used = new Set<string>();
    const data = writes.map((write) => {
      let slug = slugs.get(write.columns.startDate)!;
      for (let counter = 2; used.has(slug); counter += 1) slug = `${slugs.get(write.columns.startDate)!}-${counter}`;
      used.add(slug);
      const id = newCalendarId("evt_");
      ids.push(id);
      return { id, slug, ...eventColumns(write.columns), seriesId: seriesIdOf(write), importId, importKey: write.key };
    });
    await withSlugConflict(() => tx.prisma.event.createMany({ data }));
  }
  return ids;
}
