import "server-only";
import type { Database } from "../db/database.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import { eventStatusAt, storedEventStatus } from "./event-status.ts";
import { getStaffEventOrThrow } from "./get-staff-event-or-throw.ts";
import { EVENT_STATUS_CHANGES, type AdminEvent, type EventStatusChange } from "./staff-schemas.ts";
import { queueCancellationNotices } from "../registrations/queue-cancellation-notices.ts";
import { queueEventWebhook } from "../webhooks/queue-webhook.ts";

const VERBS: Record<EventStatusChange, string> = { publish: "published", cancel: "cancelled", postpone: "postponed" };

/**
 * POST /api/v1/admin/events/{id}/publish | cancel | postpone (events:write). Publishing puts a draft (or a
 * cancelled or postponed event, once settled) on the calendar as SCHEDULED; cancelled and postponed events
 * stay in the feed with their status so people see the change (decisions.md 4). Asking for the status an
 * event already has answers it unchanged (a retried click is harmless); a change that makes no sense
 * (cancelling a draft nobody saw or an event that is over) is a `conflict` naming the status as the
 * calendar shows it, read off the clock (event-status.ts). The update only applies while the stored status
 * is still the one read, so two staff acting at once cannot skip a check. The change, the webhooks' messages (`event.cancelled`, else `event.updated`) and, on a
 * cancellation, the notices to everyone signed up are written in one transaction (docs/decisions/0027).
 */
export async function changeEventStatus(database: Database, eventId: string, change: EventStatusChange, now = new Date()): Promise<AdminEvent> {
  const rule = EVENT_STATUS_CHANGES[change];
  const current = await database.prisma.event.findUnique({ where: { id: eventId }, select: { status: true, startAt: true, endAt: true } });
  if (!current) throw notFound("event");
  if (current.status === rule.to) return getStaffEventOrThrow(database, eventId, now);
  const shown = eventStatusAt(storedEventStatus(current.status), current, now);
  if (!(rule.from as readonly string[]).includes(shown)) {
    throw new IdentityError("conflict", `a ${shown} event cannot be ${VERBS[change]}`);
  }
  await database.transaction(async (tx) => {
    const updated = await tx.prisma.event.updateMany({
      where: { id: eventId, status: current.status },
      data: { status: rule.to },
    });
    if (updated.count !== 1) throw new IdentityError("conflict", "the event changed meanwhile; reload it and try again");
    if (change === "cancel") {
      await queueCancellationNotices(tx, eventId);
    }
    await queueEventWebhook(tx, change === "cancel" ? "event.cancelled" : "event.updated", eventId);
  });
  return getStaffEventOrThrow(database, eventId, now);
}
