import "server-only";
import type { Database } from "../db/database.ts";
import { notFound } from "../identity/errors.ts";
import { householdPeople } from "./household-people.ts";
import { memberRegistration, readRegistrations } from "./read-registrations.ts";
import { isOpenToMembers, readRegistrationEvent, summaryOf } from "./registration-event.ts";
import type { EventRegistrationView } from "./schemas.ts";

/** GET /api/v1/users/me/events/{eventId}/registration: the event's sign-up, and each person the member may sign up with theirs. */
export async function getEventRegistrationView(database: Database, userId: string, eventId: string, now = new Date()): Promise<EventRegistrationView> {
  const event = await readRegistrationEvent(database, eventId);
  if (!event || !isOpenToMembers(event)) throw notFound("event");
  const people = await householdPeople(database, userId);
  const registrations = await readRegistrations(database, `r.event_id = $1 AND r.person_id = ANY($2::uuid[]) AND r.status <> 'cancelled'`, [event.id, people.map((person) => person.person_id)]);
  const byPerson = new Map(registrations.map((row) => [row.person_id, memberRegistration(row)]));
  return {
    event_id: event.id,
    event_title: event.title,
    summary: summaryOf(event, now),
    people: people.map((person) => ({ ...person, registration: byPerson.get(person.person_id) ?? null })),
  };
}
