import "server-only";
import type { Database } from "../db/database.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { CheckInSchema, type CheckIn } from "./schemas.ts";
import { newSecurityCode } from "./security-code.ts";
import { isCheckInOpen } from "./window.ts";

/** How a check-in is made, and the attendance mode its event must allow for it. */
export type CheckInMethod = "kiosk" | "self" | "staff";
const MODE_FOR: Record<CheckInMethod, string> = { kiosk: "QR_CODE", self: "SELF_CHECK_IN", staff: "MANUAL" };
const CODE_DRAWS = 8;

export interface CheckInPeopleInput {
  items: { personId: string; eventId: string }[];
  method: CheckInMethod;
  /** The adult dropping the people off (kiosk); null for self and staff check-ins. */
  droppedOffBy: string | null;
  kioskClientId?: string;
  staffId?: string;
  /** A kiosk reaches only its campus's events. */
  campusId?: string;
  now?: Date;
  context: RequestContext;
}

interface LockedEvent {
  id: string;
  title: string;
  campus_id: string | null;
  capacity: number | null;
  modes: string[];
  status: string;
  start_at: Date;
  end_at: Date;
  timezone: string;
  service_date: string;
}

/**
 * Checks people in, all or none (docs/decisions/0023). Each event is row-locked (id order) before its
 * present check-ins are counted, so two kiosks at once never pass its capacity; each person is then locked
 * with a transaction-scoped advisory lock (id order) before their present check-ins are read, so nobody is
 * in two overlapping events. Children get a security code unique per event and service day.
 */
export async function checkInPeople(database: Database, input: CheckInPeopleInput): Promise<CheckIn[]> {
  const now = input.now ?? new Date();
  const pairs = new Set(input.items.map((item) => `${item.personId}|${item.eventId}`));
  if (pairs.size !== input.items.length) throw new IdentityError("invalid_request", "a person is listed twice for the same event");
  return database.transaction(async (tx) => {
    const eventIds = [...new Set(input.items.map((item) => item.eventId))].sort();
    const events = await tx.query<LockedEvent>(
      `SELECT id, title, campus_id, capacity, attendance_modes::text[] AS modes, status::text AS status, start_at, end_at, timezone,
              to_char($2::timestamptz AT TIME ZONE timezone, 'YYYY-MM-DD') AS service_date
         FROM event WHERE id = ANY($1::text[]) ORDER BY id FOR NO KEY UPDATE`,
      [eventIds, now],
    );
    const byId = new Map(events.map((event) => [event.id, event]));
    for (const id of eventIds) {
      const event = byId.get(id);
      if (!event || (input.campusId !== undefined && event.campus_id !== input.campusId)) throw notFound("event");
      if (!["SCHEDULED", "ACTIVE"].includes(event.status) || !event.modes.includes(MODE_FOR[input.method])) {
        throw new IdentityError("conflict", `${event.title} does not take this kind of check-in`);
      }
      if (!isCheckInOpen({ startAt: new Date(event.start_at), endAt: new Date(event.end_at) }, now)) {
        throw new IdentityError("conflict", `check-in for ${event.title} is not open`);
      }
    }

    const personIds = [...new Set(input.items.map((item) => item.personId))].sort();
    await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('check-in:' || p, 0))::text AS locked FROM unnest($1::text[]) WITH ORDINALITY AS t(p, n) ORDER BY n`, [personIds]);
    const people = await tx.query<{ id: string; given_name: string; family_id: string | null; role: string | null; notes: string | null; minor: boolean }>(
      `SELECT a.id::text AS id, a.given_name, m.family_id::text AS family_id, m.role, m.notes,
              (m.role = 'child' OR EXISTS (SELECT 1 FROM guardianship g WHERE g.dependent_id = a.id AND g.ended_at IS NULL)) AS minor
         FROM account a LEFT JOIN family_member m ON m.user_id = a.id
        WHERE a.id = ANY($1::uuid[]) AND a.disabled_at IS NULL`,
      [personIds],
    );
    const personById = new Map(people.map((person) => [person.id, person]));
    for (const id of personIds) if (!personById.has(id)) throw notFound("person");

    for (const item of input.items) {
      const event = byId.get(item.eventId)!;
      const person = personById.get(item.personId)!;
      const [clash] = await tx.query<{ title: string; same: boolean }>(
        `SELECT e.title, e.id = $2 AS same FROM check_in c JOIN event e ON e.id = c.event_id
          WHERE c.person_id = $1::uuid AND c.undone_at IS NULL
            AND (c.event_id = $2 OR (c.checked_out_at IS NULL AND e.start_at < $4 AND e.end_at > $3))
          ORDER BY (e.id = $2) DESC LIMIT 1`,
        [item.personId, item.eventId, event.start_at, event.end_at],
      );
      if (clash) throw new IdentityError("conflict", clash.same ? `${person.given_name} is already checked in to ${clash.title}` : `${person.given_name} is already checked in to ${clash.title} at the same time`);
    }

    for (const event of events) {
      if (event.capacity === null) continue;
      const wanted = input.items.filter((item) => item.eventId === event.id).length;
      const [present] = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM check_in WHERE event_id = $1 AND undone_at IS NULL AND checked_out_at IS NULL`,
        [event.id],
      );
      const left = event.capacity - (present?.n ?? 0);
      if (wanted > left) throw new IdentityError("conflict", left <= 0 ? `${event.title} is full` : `${event.title} has only ${left} ${left === 1 ? "place" : "places"} left`);
    }

    const made: CheckIn[] = [];
    for (const item of input.items) {
      const event = byId.get(item.eventId)!;
      const person = personById.get(item.personId)!;
      const row = await insertCheckIn(tx, {
        eventId: event.id,
        personId: person.id,
        familyId: person.family_id,
        droppedOffBy: input.droppedOffBy,
        method: input.method,
        kioskClientId: input.kioskClientId ?? null,
        staffId: input.staffId ?? null,
        serviceDate: event.service_date,
        withCode: person.minor,
        now,
      });
      await recordSecurityEvent(tx, {
        userId: person.id,
        type: "checked_in",
        context: input.context,
        detail: { event_id: event.id, event_title: event.title, method: input.method, ...(input.droppedOffBy ? { dropped_off_by: input.droppedOffBy } : {}) },
      });
      made.push(
        CheckInSchema.parse({
          id: row.id,
          event_id: event.id,
          event_title: event.title,
          person_id: person.id,
          given_name: person.given_name,
          security_code: row.security_code,
          method: input.method,
          checked_in_at: now.toISOString(),
          checked_out_at: null,
          label_notes: person.minor ? person.notes : null,
        }),
      );
    }
    return made;
  });
}

interface NewCheckIn {
  eventId: string;
  personId: string;
  familyId: string | null;
  droppedOffBy: string | null;
  method: CheckInMethod;
  kioskClientId: string | null;
  staffId: string | null;
  serviceDate: string;
  withCode: boolean;
  now: Date;
}

/** Inserts the row; a security code already taken that day yields no row (ON CONFLICT) and is drawn again. */
async function insertCheckIn(tx: Database, row: NewCheckIn): Promise<{ id: string; security_code: string | null }> {
  for (let draw = 0; draw < CODE_DRAWS; draw += 1) {
    const code = row.withCode ? newSecurityCode() : null;
    const [inserted] = await tx.query<{ id: string; security_code: string | null }>(
      `INSERT INTO check_in (event_id, person_id, family_id, dropped_off_by, method, kiosk_client_id, staff_id, security_code, service_date, checked_in_at)
       VALUES ($1, $2::uuid, $3::uuid, $4::uuid, $5, $6, $7::uuid, $8, $9, $10)
       ON CONFLICT (event_id, service_date, security_code) WHERE security_code IS NOT NULL DO NOTHING
       RETURNING id::text AS id, security_code`,
      [row.eventId, row.personId, row.familyId, row.droppedOffBy, row.method, row.kioskClientId, row.staffId, code, row.serviceDate, row.now],
    );
    if (inserted) return inserted;
  }
  throw new Error("no free security code after eight draws");
}
