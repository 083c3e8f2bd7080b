import "server-only";
import type { Database } from "../db/database.ts";
import { placesTakenSql, waitlistedSql } from "./place-counts.ts";
import { registrationClosesAt, registrationState } from "./registration-window.ts";
import { RegistrationSummarySchema, type RegistrationSummary } from "./schemas.ts";

/** An event's sign-up settings and counts, read (with `lock`, under its row lock) in one statement. */
export interface RegistrationEvent {
  id: string;
  title: string;
  slug: string;
  status: string;
  visibility: string;
  start_at: Date;
  capacity: number | null;
  registration_open: boolean;
  registration_opens_at: Date | null;
  registration_closes_at: Date | null;
  registration_waitlist: boolean;
  /** Places taken (`placesTakenSql`): the one count every page that shows places uses. */
  registered: number;
  waitlisted: number;
}

/**
 * The lock is what keeps capacity (docs/decisions/0024, as check-in's 0023): every sign-up and cancellation
 * of an event takes its row lock first (`FOR NO KEY UPDATE`), so the counts read after it are exact until
 * the transaction ends, even with many instances signing people up at the same moment.
 */
export async function readRegistrationEvent(database: Database, eventId: string, options: { lock?: boolean } = {}): Promise<RegistrationEvent | null> {
  const [locked] = options.lock ? await database.query<{ id: string }>(`SELECT id FROM event WHERE id = $1 FOR NO KEY UPDATE`, [eventId]) : [{ id: eventId }];
  if (!locked) return null;
  const [event] = await database.query<RegistrationEvent>(
    `SELECT e.id, e.title, e.slug, e.status::text AS status, e.visibility::text AS visibility, e.start_at, e.capacity,
            e.registration_open, e.registration_opens_at, e.registration_closes_at, e.registration_waitlist,
            ${placesTakenSql("e.id")} AS registered, ${waitlistedSql("e.id")} AS waitlisted
       FROM event e WHERE e.id = $1`,
    [eventId],
  );
  return event ?? null;
}

export function summaryOf(event: RegistrationEvent, now: Date): RegistrationSummary {
  const rules = {
    open: event.registration_open,
    opensAt: event.registration_opens_at && new Date(event.registration_opens_at),
    closesAt: event.registration_closes_at && new Date(event.registration_closes_at),
    startAt: new Date(event.start_at),
    status: event.status,
  };
  return RegistrationSummarySchema.parse({
    state: registrationState(rules, now),
    opens_at: rules.opensAt?.toISOString() ?? null,
    closes_at: event.registration_open ? registrationClosesAt(rules).toISOString() : null,
    capacity: event.capacity,
    registered: event.registered,
    spaces_left: event.capacity === null ? null : Math.max(0, event.capacity - event.registered),
    waitlist: event.registration_waitlist,
    waitlisted: event.waitlisted,
  });
}

/** Members sign up for public and members' events; a draft or private one is not theirs to find. */
export function isOpenToMembers(event: RegistrationEvent): boolean {
  return event.status !== "DRAFT" && (event.visibility === "public" || event.visibility === "members");
}
