import "server-only";
import type { Database } from "../db/database.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import { householdPeople } from "./household-people.ts";
import { memberRegistration, readRegistrations } from "./read-registrations.ts";
import { isOpenToMembers, readRegistrationEvent, summaryOf } from "./registration-event.ts";
import type { Registration } from "./schemas.ts";

/**
 * POST /api/v1/users/me/events/{eventId}/registration: signs the member and/or their household's children
 * up (docs/decisions/0024). Under the event's row lock: each person in the order given takes a place while
 * places are left, then goes on the waitlist if the event keeps one; without a waitlist, a group that does
 * not fit is refused whole, so a family is never half signed up by surprise.
 */
export async function registerPeople(database: Database, userId: string, eventId: string, personIds: readonly string[], now = new Date()): Promise<Registration[]> {
  const allowed = new Map((await householdPeople(database, userId)).map((person) => [person.person_id, person]));
  if (!personIds.every((id) => allowed.has(id))) throw new IdentityError("invalid_request", "person_ids: each must be you or a child of your household");

  const ids = await database.transaction(async (tx) => {
    const event = await readRegistrationEvent(tx, eventId, { lock: true });
    if (!event || !isOpenToMembers(event)) throw notFound("event");
    const summary = summaryOf(event, now);
    if (summary.state === "off") throw new IdentityError("conflict", `${event.title} does not take sign-up here`);
    if (summary.state === "not_yet") throw new IdentityError("conflict", `sign-up for ${event.title} is not open yet`);
    if (summary.state === "closed") throw new IdentityError("conflict", `sign-up for ${event.title} has closed`);

    const [taken] = await tx.query<{ given_name: string; status: string }>(
      `SELECT a.given_name, r.status FROM event_registration r JOIN account a ON a.id = r.person_id
        WHERE r.event_id = $1 AND r.person_id = ANY($2::uuid[]) AND r.status <> 'cancelled' ORDER BY a.given_name LIMIT 1`,
      [event.id, personIds],
    );
    if (taken) throw new IdentityError("conflict", taken.status === "registered" ? `${taken.given_name} is already signed up for ${event.title}` : `${taken.given_name} is already on the waitlist for ${event.title}`);

    const left = summary.spaces_left ?? Number.POSITIVE_INFINITY;
    if (!event.registration_waitlist && personIds.length > left) {
      throw new IdentityError("conflict", left <= 0 ? `${event.title} is full` : `${event.title} has only ${left} ${left === 1 ? "place" : "places"} left`);
    }
    const made = await tx.query<{ id: string }>(
      `INSERT INTO event_registration (event_id, person_id, registered_by, status, created_at)
       SELECT $1, p.id, $3::uuid, CASE WHEN p.n <= $4 THEN 'registered' ELSE 'waitlisted' END, $5
         FROM unnest($2::uuid[]) WITH ORDINALITY AS p(id, n) ORDER BY p.n
       RETURNING id::text AS id`,
      [event.id, personIds, userId, Number.isFinite(left) ? left : personIds.length, now],
    );
    return made.map((row) => row.id);
  });
  return (await readRegistrations(database, `r.id = ANY($1::uuid[])`, [ids], "r.seq")).map(memberRegistration);
}
