import "server-only";
import type { Database } from "../db/database.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { kioskRefusal } from "./kiosk-refusals.ts";
import { CheckInSchema, type CheckIn } from "./schemas.ts";
import { newSecurityCode } from "./security-code.ts";
import { isCheckInOpen } from "./window.ts";
import { securityEventsFrom } from "../security-log/record-security-event.ts";

/**
 * A person already checked in to the event, or to one at the same time: the kiosk turns this into "see a
 * volunteer" and an alert (lib/check-in/kiosk-check-in.ts), since a child checked in by someone else must not
 * simply get a second, valid pickup tag.
 */
export class AlreadyCheckedInError extends IdentityError {
  constructor(
    readonly personId: string,
    readonly givenName: string,
    readonly eventTitle: string,
    readonly sameEvent: boolean,
  ) {
    super("conflict", sameEvent ? `${givenName} is already checked in to ${eventTitle}` : `${givenName} is already checked in to ${eventTitle} at the same time`);
  }
}

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
      if (event.status !== "SCHEDULED" || !event.modes.includes(MODE_FOR[input.method])) {
        throw new IdentityError("conflict", kioskRefusal("notThisKindOfCheckIn", { event: event.title }));
      }
      if (!isCheckInOpen({ startAt: new Date(event.start_at), endAt: new Date(event.end_at) }, now)) {
        throw new IdentityError("conflict", kioskRefusal("checkInNotOpen", { event: event.title }));
      }
    }

    // Each person's advisory lock (id order, after the event locks) in the statement that reads them: the
    // locks are taken whenever every person is found, the only case that goes on to read check-ins.
    const personIds = [...new Set(input.items.map((item) => item.personId))].sort();
    const people = await tx.query<{ id: string; given_name: string; family_id: string | null; role: string | null; notes: string | null; minor: boolean }>(
      `SELECT a.id::text AS id, a.given_name, m.family_id::text AS family_id, m.role, m.notes,
              (m.role = 'child' OR EXISTS (SELECT 1 FROM guardianship g WHERE g.dependent_id = a.id AND g.ended_at IS NULL)) AS minor
         FROM (SELECT count(pg_advisory_xact_lock(hashtextextended('check-in:' || p, 0))::text) AS locks
                 FROM (SELECT p FROM unnest($1::text[]) WITH ORDINALITY AS t(p, n) ORDER BY n) AS ordered) AS locked
         CROSS JOIN account a LEFT JOIN family_member m ON m.user_id = a.id
        WHERE a.id = ANY($1::uuid[]) AND a.disabled_at IS NULL AND locked.locks = $2`,
      [personIds, personIds.length],
    );
    const personById = new Map(people.map((person) => [person.id, person]));
    for (const id of personIds) if (!personById.has(id)) throw notFound("person");

    // Two events at the same time for one person in this very request: the check below sees only what is
    // already committed, so the request's own items are compared here.
    for (const [index, item] of input.items.entries()) {
      const event = byId.get(item.eventId)!;
      const twin = input.items.slice(index + 1).find((other) => other.personId === item.personId && overlaps(event, byId.get(other.eventId)!));
      if (twin) throw new IdentityError("conflict", `${personById.get(item.personId)!.given_name} cannot be checked in to ${event.title} and ${byId.get(twin.eventId)!.title}: they are at the same time`);
    }

    // Under the locks, in one statement: for each item its present check-in to an overlapping event (its
    // own event first; the first item in the caller's order that has one decides the answer), and how
    // many are present at each event with a capacity.
    const limited = events.filter((event) => event.capacity !== null);
    const found = await tx.query<{ kind: "clash" | "present"; n: number; title: string; same: boolean | null }>(
      `WITH clash AS (
         SELECT i.n::int AS n, x.title, x.same
           FROM unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::timestamptz[]) WITH ORDINALITY AS i(person_id, event_id, start_at, end_at, n)
          CROSS JOIN LATERAL (
            SELECT e.title, e.id = i.event_id AS same FROM check_in c JOIN event e ON e.id = c.event_id
             WHERE c.person_id = i.person_id AND c.undone_at IS NULL
               AND (c.event_id = i.event_id OR (c.checked_out_at IS NULL AND e.start_at < i.end_at AND e.end_at > i.start_at))
             ORDER BY (e.id = i.event_id) DESC LIMIT 1) x
          ORDER BY i.n LIMIT 1)
       SELECT 'clash' AS kind, n, title, same FROM clash
       UNION ALL
       SELECT 'present', count(*)::int, event_id, NULL FROM check_in
        WHERE event_id = ANY($5::text[]) AND undone_at IS NULL AND checked_out_at IS NULL GROUP BY event_id`,
      [
        input.items.map((item) => item.personId),
        input.items.map((item) => item.eventId),
        input.items.map((item) => new Date(byId.get(item.eventId)!.start_at).toISOString()),
        input.items.map((item) => new Date(byId.get(item.eventId)!.end_at).toISOString()),
        limited.map((event) => event.id),
      ],
    );
    const clash = found.find((row) => row.kind === "clash");
    if (clash) {
      const person = personById.get(input.items[clash.n - 1]!.personId)!;
      throw new AlreadyCheckedInError(person.id, person.given_name, clash.title, clash.same === true);
    }
    const present = new Map(found.filter((row) => row.kind === "present").map((row) => [row.title, row.n]));
    for (const event of limited) {
      const wanted = input.items.filter((item) => item.eventId === event.id).length;
      const left = event.capacity! - (present.get(event.id) ?? 0);
      if (wanted > left) {
        const title = { event: event.title };
        throw new IdentityError("conflict", left <= 0 ? kioskRefusal("eventFull", title) : left === 1 ? kioskRefusal("onePlaceLeft", title) : kioskRefusal("placesLeft", { ...title, left }));
      }
    }

    const rows = await insertCheckIns(
      tx,
      input.context,
      input.items.map((item) => {
        const event = byId.get(item.eventId)!;
        const person = personById.get(item.personId)!;
        return {
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
        };
      }),
    );
    const made = input.items.map((item, index) => {
      const event = byId.get(item.eventId)!;
      const person = personById.get(item.personId)!;
      const row = rows[index]!;
      return CheckInSchema.parse({
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
      });
    });
    return made;
  });
}

function overlaps(a: { start_at: Date; end_at: Date }, b: { start_at: Date; end_at: Date }): boolean {
  return new Date(a.start_at).getTime() < new Date(b.end_at).getTime() && new Date(a.end_at).getTime() > new Date(b.start_at).getTime();
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

/**
 * Inserts the rows, and each one's `checked_in` entry in its person's security log (securityEventsFrom), in
 * one statement per draw, answering them in the given
 * order. A security code already taken that day (or drawn twice in this batch) yields no row (ON CONFLICT)
 * and no log entry, and is drawn again for that row alone, at most CODE_DRAWS times.
 */
async function insertCheckIns(tx: Database, context: RequestContext, rows: NewCheckIn[]): Promise<{ id: string; security_code: string | null }[]> {
  const inserted: ({ id: string; security_code: string | null } | undefined)[] = rows.map(() => undefined);
  for (let draw = 0; draw < CODE_DRAWS; draw += 1) {
    const waiting = rows.map((row, index) => ({ row, index })).filter(({ index }) => inserted[index] === undefined);
    if (waiting.length === 0) break;
    const codes = waiting.map(({ row }) => (row.withCode ? newSecurityCode() : null));
    const column = <T>(pick: (row: NewCheckIn) => T) => waiting.map(({ row }) => pick(row));
    const answered = await tx.query<{ event_id: string; person_id: string; id: string; security_code: string | null }>(
      `WITH made AS (
         INSERT INTO check_in (event_id, person_id, family_id, dropped_off_by, method, kiosk_client_id, staff_id, security_code, service_date, checked_in_at)
         SELECT * FROM unnest($1::text[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::uuid[], $8::text[], $9::text[], $10::timestamptz[])
         ON CONFLICT (event_id, service_date, security_code) WHERE security_code IS NOT NULL DO NOTHING
         RETURNING event_id, person_id, id, security_code, method, dropped_off_by),
       logged AS (${securityEventsFrom({
         from: "made JOIN event e ON e.id = made.event_id",
         userId: "made.person_id",
         type: "checked_in",
         ip: "$11",
         userAgent: "$12",
         detail: `jsonb_build_object('event_id', made.event_id, 'event_title', e.title, 'method', made.method)
                  || CASE WHEN made.dropped_off_by IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('dropped_off_by', made.dropped_off_by::text) END`,
       })})
       SELECT event_id, person_id::text AS person_id, id::text AS id, security_code FROM made`,
      [
        column((row) => row.eventId),
        column((row) => row.personId),
        column((row) => row.familyId),
        column((row) => row.droppedOffBy),
        column((row) => row.method),
        column((row) => row.kioskClientId),
        column((row) => row.staffId),
        codes,
        column((row) => row.serviceDate),
        column((row) => row.now.toISOString()),
        context.ip,
        context.userAgent,
      ],
    );
    // A person is listed once per event (checked first), so the pair names the row.
    const indexOf = new Map(waiting.map(({ row, index }) => [`${row.personId}|${row.eventId}`, index]));
    for (const row of answered) inserted[indexOf.get(`${row.person_id}|${row.event_id}`)!] = { id: row.id, security_code: row.security_code };
  }
  if (inserted.some((row) => row === undefined)) throw new Error("no free security code after eight draws");
  return inserted as { id: string; security_code: string | null }[];
}
