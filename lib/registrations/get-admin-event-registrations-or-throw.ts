import "server-only";
import type { Database } from "../db/database.ts";
import { notFound } from "../identity/errors.ts";
import { readRegistrations } from "./read-registrations.ts";
import { readRegistrationEvent, summaryOf, type RegistrationEvent } from "./registration-event.ts";
import type { AdminEventRegistrations } from "./schemas.ts";

/** GET /api/v1/admin/events/{id}/registration: the settings, the counts, and who holds a place or waits for one. */
export async function getAdminEventRegistrationsOrThrow(database: Database, eventId: string, now = new Date()): Promise<AdminEventRegistrations> {
  const event = await readRegistrationEvent(database, eventId);
  if (!event) throw notFound("event");
  return adminViewOf(database, event, now);
}

export async function adminViewOf(database: Database, event: RegistrationEvent, now: Date): Promise<AdminEventRegistrations> {
  const registrations = await readRegistrations(database, `r.event_id = $1 AND r.status <> 'cancelled'`, [event.id], "r.status, r.seq");
  const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
  return {
    event_id: event.id,
    event_title: event.title,
    settings: { open: event.registration_open, opens_at: iso(event.registration_opens_at), closes_at: iso(event.registration_closes_at), waitlist: event.registration_waitlist },
    summary: summaryOf(event, now),
    registrations,
  };
}
