import "server-only";
import { eventJson, SqlParams } from "../calendar/public-events-sql.ts";
import type { CalendarEvent } from "../calendar/schemas.ts";
import type { Database } from "../db/database.ts";
import { householdPeople } from "../registrations/household-people.ts";
import { memberRegistration, readRegistrations } from "../registrations/read-registrations.ts";
import type { Registration } from "../registrations/schemas.ts";
import { householdAudiences } from "./household-audiences.ts";
import { ScheduleSchema, type Schedule } from "./schemas.ts";

/** Suggested events: the next two weeks' (at most 50, a bound for the feed), what is coming up for the household. */
export const SUGGESTED_DAYS = 14;
export const MAX_SUGGESTED_EVENTS = 50;

/** What members may see: public and members' events, never a draft (as sign-up and self check-in). */
const MEMBERS_EVENT = `e.visibility IN ('public', 'members') AND e.status <> 'DRAFT'`;

/**
 * GET /api/v1/users/me/schedule (docs/decisions/0025): the household's live sign-ups for events not yet
 * ended, grouped by event, soonest first; the audiences the household matches; and the upcoming public and
 * members' events for one of them that nobody of the household signed up for. `today` (YYYY-MM-DD) is the
 * day ages are counted on.
 */
export async function getMySchedule(database: Database, userId: string, now = new Date()): Promise<Schedule> {
  const people = await householdPeople(database, userId);
  const ids = people.map((person) => person.person_id);
  const births = await database.query<{ id: string; birth_date: string | null }>(`SELECT id::text AS id, birth_date FROM account WHERE id = ANY($1::uuid[])`, [ids]);
  const birthOf = new Map(births.map((row) => [row.id, row.birth_date]));
  const audiences = householdAudiences(
    people.map((person) => ({ given_name: person.given_name, relation: person.relation, birth_date: birthOf.get(person.person_id) ?? null })),
    now.toISOString().slice(0, 10),
  );

  const registrations = (await readRegistrations(database, `r.person_id = ANY($1::uuid[]) AND r.status <> 'cancelled' AND e.end_at >= $2 AND ${MEMBERS_EVENT}`, [ids, now])).map(memberRegistration);
  const byEvent = new Map<string, Registration[]>();
  for (const registration of registrations) byEvent.set(registration.event_id, [...(byEvent.get(registration.event_id) ?? []), registration]);

  const registeredParams = new SqlParams();
  const registeredEvents = await database.query<{ id: string; json: string }>(
    `SELECT e.id, ${eventJson(registeredParams, now)} AS json FROM event e WHERE e.id = ANY(${registeredParams.add([...byEvent.keys()])}::text[]) ORDER BY e.start_at, e.id`,
    registeredParams.values,
  );

  const suggestedParams = new SqlParams();
  const wanted = suggestedParams.add(audiences.map((matched) => matched.audience));
  const suggestedRows = await database.query<{ json: string; matched: string[] }>(
    `SELECT ${eventJson(suggestedParams, now)} AS json, ARRAY(SELECT a FROM unnest(e.audience) a WHERE a = ANY(${wanted}::text[]) ORDER BY a) AS matched
       FROM event e
      WHERE ${MEMBERS_EVENT} AND e.end_at >= ${suggestedParams.add(now.toISOString())}::timestamptz
        AND e.start_at < ${suggestedParams.add(new Date(now.getTime() + SUGGESTED_DAYS * 86_400_000).toISOString())}::timestamptz AND e.audience && ${wanted}::text[]
        AND NOT EXISTS (SELECT 1 FROM event_registration r WHERE r.event_id = e.id AND r.status <> 'cancelled' AND r.person_id = ANY(${suggestedParams.add(ids)}::uuid[]))
      ORDER BY e.start_at, e.id LIMIT ${suggestedParams.add(MAX_SUGGESTED_EVENTS)}`,
    suggestedParams.values,
  );

  return ScheduleSchema.parse({
    registered: registeredEvents.map((row) => ({ event: JSON.parse(row.json) as CalendarEvent, registrations: byEvent.get(row.id) ?? [] })),
    audiences,
    suggested: suggestedRows.map((row) => ({ event: JSON.parse(row.json) as CalendarEvent, audiences: [...new Set(row.matched)] })),
  });
}
