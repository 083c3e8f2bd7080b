import "server-only";
import type { Database } from "../db/database.ts";
import { householdPeople } from "./household-people.ts";
import { memberRegistration, readRegistrations } from "./read-registrations.ts";
import type { Registration } from "./schemas.ts";

/**
 * GET /api/v1/users/me/registrations: the live sign-ups of the member and of the people they may sign up,
 * for events that have not ended, soonest first.
 */
export async function listMyRegistrations(database: Database, userId: string, now = new Date()): Promise<{ registrations: Registration[] }> {
  const people = (await householdPeople(database, userId)).map((person) => person.person_id);
  const rows = await readRegistrations(database, `r.person_id = ANY($1::uuid[]) AND r.status <> 'cancelled' AND e.end_at >= $2`, [people, now]);
  return { registrations: rows.map(memberRegistration) };
}
