import "server-only";
import type { Database } from "../db/database.ts";
import { notFound } from "../identity/errors.ts";
import { adminViewOf } from "./get-admin-event-registrations-or-throw.ts";
import { promoteWaitlisted } from "./promote-waitlisted.ts";
import { readRegistrationEvent } from "./registration-event.ts";
import type { AdminEventRegistrations, RegistrationSettingsBody } from "./schemas.ts";
import { queueEventWebhook } from "../webhooks/queue-webhook.ts";

/**
 * PUT /api/v1/admin/events/{id}/registration: staff open or close sign-up, set its window and the waitlist.
 * Places that are free (a capacity raised since) go to the waitlist at once, as on a cancellation.
 */
export async function setRegistrationSettings(database: Database, eventId: string, body: RegistrationSettingsBody, now = new Date()): Promise<AdminEventRegistrations> {
  await database.transaction(async (tx) => {
    const event = await readRegistrationEvent(tx, eventId, { lock: true });
    if (!event) throw notFound("event");
    await tx.query(
      `UPDATE event SET registration_open = $2, registration_opens_at = $3, registration_closes_at = $4, registration_waitlist = $5, updated_at = $6 WHERE id = $1`,
      [eventId, body.open, body.opens_at, body.closes_at, body.waitlist, now],
    );
    // Switched on just now: told to webhooks (docs/decisions/0027), with the settings as saved.
    if (body.open && !event.registration_open) {
      await queueEventWebhook(tx, "event.registration_opened", eventId, { registration: { opens_at: body.opens_at, closes_at: body.closes_at, waitlist: body.waitlist, capacity: event.capacity } });
    }
    return promoteWaitlisted(tx, event, now);
  });
  return adminViewOf(database, (await readRegistrationEvent(database, eventId))!, now);
}
