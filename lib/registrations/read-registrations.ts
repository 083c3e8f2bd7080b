import "server-only";
import type { Database } from "../db/database.ts";
import { RegistrationSchema, type Registration } from "./schemas.ts";

/**
 * Registrations as the API answers them, with each waitlisted one's place in line (first in, first
 * promoted: by `seq`, drawn under the event's lock). `where` is SQL over `r` (the registration) and `e` (its event).
 */
export async function readRegistrations(database: Database, where: string, params: unknown[], order = "e.start_at, e.id, r.seq"): Promise<(Registration & { family_name: string })[]> {
  const rows = await database.query<RegistrationRow>(
    `SELECT r.id::text AS id, r.event_id, e.title AS event_title, e.start_at, e.slug, r.person_id::text AS person_id, a.given_name, a.family_name,
            r.status, r.registered_by::text AS registered_by, r.created_at, r.promoted_at, r.cancelled_at,
            CASE WHEN r.status = 'waitlisted' THEN (
              SELECT count(*)::int FROM event_registration w
               WHERE w.event_id = r.event_id AND w.status = 'waitlisted' AND w.seq <= r.seq
            ) END AS waitlist_position
       FROM event_registration r JOIN event e ON e.id = r.event_id JOIN account a ON a.id = r.person_id
      WHERE ${where} ORDER BY ${order}`,
    params,
  );
  return rows.map(registrationOf);
}

interface RegistrationRow {
  id: string;
  event_id: string;
  event_title: string;
  start_at: Date;
  slug: string;
  person_id: string;
  given_name: string;
  family_name: string;
  status: string;
  registered_by: string | null;
  created_at: Date;
  promoted_at: Date | null;
  cancelled_at: Date | null;
  waitlist_position: number | null;
}

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

function registrationOf(row: RegistrationRow): Registration & { family_name: string } {
  return {
    ...RegistrationSchema.parse({
      id: row.id,
      event_id: row.event_id,
      event_title: row.event_title,
      event_start_at: iso(row.start_at),
      event_url: `/calendar/${row.slug}`,
      person_id: row.person_id,
      given_name: row.given_name,
      status: row.status,
      waitlist_position: row.waitlist_position,
      registered_by: row.registered_by,
      created_at: iso(row.created_at),
      promoted_at: iso(row.promoted_at),
      cancelled_at: iso(row.cancelled_at),
    }),
    family_name: row.family_name,
  };
}

/** A member's answers name no family names: parsing keeps only the Registration's own fields. */
export function memberRegistration(row: Registration): Registration {
  return RegistrationSchema.parse(row);
}
