import "server-only";
import type { Database } from "../db/database.ts";
import { notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import { householdPeople } from "./household-people.ts";
import { promoteWaitlisted } from "./promote-waitlisted.ts";
import { memberRegistration, readRegistrations } from "./read-registrations.ts";
import { readRegistrationEvent } from "./registration-event.ts";
import type { Registration } from "./schemas.ts";

/**
 * DELETE /api/v1/users/me/registrations/{id}: the person, whoever signed them up, or an adult or guardian
 * of theirs cancels (anyone else: `not_found`). A freed place goes to the first on the waitlist in the same
 * transaction, under the event's row lock, and they are told through the outbox. Cancelling twice answers
 * the cancelled registration again.
 */
export async function cancelRegistration(database: Database, userId: string, registrationId: string, now = new Date()): Promise<Registration> {
  if (!isUuid(registrationId)) throw notFound("registration");
  const [found] = await database.query<{ event_id: string; person_id: string; registered_by: string | null }>(
    `SELECT event_id, person_id::text AS person_id, registered_by::text AS registered_by FROM event_registration WHERE id = $1::uuid`,
    [registrationId],
  );
  const mine = found && (found.registered_by === userId || (await householdPeople(database, userId)).some((person) => person.person_id === found.person_id));
  if (!found || !mine) throw notFound("registration");

  await database.transaction(async (tx) => {
    const event = await readRegistrationEvent(tx, found.event_id, { lock: true });
    if (!event) throw notFound("registration");
    const [cancelled] = await tx.query<{ was: string }>(
      `UPDATE event_registration r SET status = 'cancelled', cancelled_at = $2, cancelled_by = $3::uuid
         FROM (SELECT id, status FROM event_registration WHERE id = $1::uuid AND status <> 'cancelled' FOR UPDATE) old
        WHERE r.id = old.id RETURNING old.status AS was`,
      [registrationId, now, userId],
    );
    if (cancelled?.was !== "registered") return [];
    return promoteWaitlisted(tx, { ...event, registered: event.registered - 1 }, now);
  });
  const [registration] = await readRegistrations(database, `r.id = $1::uuid`, [registrationId]);
  return memberRegistration(registration!);
}
