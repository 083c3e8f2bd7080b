import "server-only";
import type { Database } from "../db/database.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { checkInPeople } from "./check-in-people.ts";
import { finishCheckOut } from "./check-out.ts";
import { kioskRefusal } from "./kiosk-refusals.ts";
import { presentCountSql } from "./present-count.ts";
import { AttendanceSchema, CheckInSchema, type Attendance, type CheckIn } from "./schemas.ts";
import { CHECK_IN_OPENS_MINUTES_BEFORE } from "./window.ts";

interface Row {
  id: string;
  event_id: string;
  event_title: string;
  person_id: string;
  given_name: string;
  family_name: string;
  security_code: string | null;
  method: "kiosk" | "self" | "staff";
  checked_in_at: Date;
  checked_out_at: Date | null;
  undone_at: Date | null;
  minor: boolean;
}

const ROWS = `SELECT c.id::text AS id, c.event_id, e.title AS event_title, c.person_id::text AS person_id, a.given_name, a.family_name,
       c.security_code, c.method, c.checked_in_at, c.checked_out_at, c.undone_at, c.security_code IS NOT NULL AS minor
  FROM check_in c JOIN event e ON e.id = c.event_id JOIN account a ON a.id = c.person_id`;

interface AlertRow {
  id: string;
  kind: Attendance["kiosk_alerts"][number]["kind"];
  created_at: Date;
  kiosk_name: string;
  set_up_at: Date | null;
  set_up_by: string | null;
  child_given_name: string | null;
}

/**
 * What the event's campus's kiosks refused on the event's day (docs/decisions/0023, "Limits and alerts"),
 * newest first: the tablet named by when and by whom it was set up, since that is how staff find it. The day
 * stretches to the event's own check-in window where that crosses midnight: an event at 00:15 opens for
 * check-in at 23:15 the day before, and a night event may end after midnight.
 */
const ALERTS = `SELECT k.id::text AS id, k.kind, k.created_at, cl.name AS kiosk_name, s.created_at AS set_up_at,
       NULLIF(concat_ws(' ', v.given_name, v.family_name), '') AS set_up_by, ch.given_name AS child_given_name
  FROM event e JOIN kiosk_alert k ON k.campus_id = e.campus_id
   AND k.created_at >= LEAST((e.start_date::date)::timestamp AT TIME ZONE e.timezone, e.start_at - make_interval(mins => $2::int))
   AND k.created_at < GREATEST((e.start_date::date + 1)::timestamp AT TIME ZONE e.timezone, e.end_at)
  JOIN client cl ON cl.id = k.client_id
  LEFT JOIN session s ON s.id = k.session_id LEFT JOIN account v ON v.id = s.user_id
  LEFT JOIN account ch ON ch.id = k.child_id
 WHERE e.id = $1
 ORDER BY k.created_at DESC, k.id LIMIT 50`;

/** GET /api/v1/admin/events/{id}/attendance: counts against capacity, children still present, every row, and the kiosks' alerts. */
export async function getAttendanceOrThrow(database: Database, eventId: string): Promise<Attendance> {
  // "Here now" is the count the kiosk and a member's check-in list show too (presentCountSql, docs/decisions/0024).
  const [event] = await database.query<{ id: string; title: string; capacity: number | null; present: number }>(
    `SELECT e.id, e.title, e.capacity, ${presentCountSql("e.id")} AS present FROM event e WHERE e.id = $1`,
    [eventId],
  );
  if (!event) throw notFound("event");
  const [rows, alerts] = await Promise.all([
    database.query<Row>(`${ROWS} WHERE c.event_id = $1 ORDER BY c.checked_in_at, c.id`, [eventId]),
    database.query<AlertRow>(ALERTS, [eventId, CHECK_IN_OPENS_MINUTES_BEFORE]),
  ]);
  const live = rows.filter((row) => !row.undone_at);
  const present = live.filter((row) => !row.checked_out_at);
  return AttendanceSchema.parse({
    event_id: event.id,
    title: event.title,
    capacity: event.capacity,
    checked_in: live.length,
    present: event.present,
    children_present: present.filter((row) => row.minor).length,
    check_ins: rows.map((row) => ({ ...toCheckIn(row), family_name: row.family_name, undone: row.undone_at !== null })),
    kiosk_alerts: alerts.map((alert) => ({
      id: alert.id,
      kind: alert.kind,
      at: new Date(alert.created_at).toISOString(),
      kiosk_name: alert.kiosk_name,
      tablet: { set_up_at: alert.set_up_at ? new Date(alert.set_up_at).toISOString() : null, set_up_by: alert.set_up_by },
      child_given_name: alert.child_given_name,
    })),
  });
}

/** POST /api/v1/admin/events/{id}/check-ins: staff check someone in by hand where the event allows MANUAL. */
export async function staffCheckIn(database: Database, staffId: string, eventId: string, personId: string, context: RequestContext): Promise<CheckIn> {
  const [made] = await checkInPeople(database, { items: [{ personId, eventId }], method: "staff", droppedOffBy: null, staffId, context });
  return made!;
}

/** POST /api/v1/admin/check-ins/{id}/check-out: staff check a person out (a named pickup person, say). */
export async function staffCheckOut(database: Database, staffId: string, checkInId: string, context: RequestContext): Promise<CheckIn> {
  const row = await liveRowOrThrow(database, checkInId);
  if (row.checked_out_at) throw new IdentityError("conflict", kioskRefusal("alreadyCheckedOut", { child: row.given_name }));
  return finishCheckOut(database, row, { method: "staff", pickedUpBy: null, clientId: null, staffId, context, now: new Date() });
}

/** POST /api/v1/admin/check-ins/{id}/undo: a check-in made by mistake counts for nothing from now on. */
export async function undoCheckIn(database: Database, staffId: string, checkInId: string): Promise<CheckIn & { undone: true }> {
  const row = await liveRowOrThrow(database, checkInId);
  await database.query(`UPDATE check_in SET undone_at = now(), undone_by = $2::uuid WHERE id = $1::uuid AND undone_at IS NULL`, [checkInId, staffId]);
  return { ...toCheckIn(row), undone: true };
}

/** GET /api/v1/users/me/check-ins: the member's own attendance, newest first (also in their export). */
export async function listMyCheckIns(database: Database, userId: string): Promise<{ check_ins: CheckIn[] }> {
  return { check_ins: await listCheckInsOf(database, userId, 200) };
}

/** A person's check-ins that were not undone, newest first: their own list, and their page for the office. */
export async function listCheckInsOf(database: Database, personId: string, limit: number): Promise<CheckIn[]> {
  const rows = await database.query<Row>(`${ROWS} WHERE c.person_id = $1::uuid AND c.undone_at IS NULL ORDER BY c.checked_in_at DESC, c.id LIMIT $2::int`, [personId, limit]);
  return rows.map(toCheckIn);
}

async function liveRowOrThrow(database: Database, checkInId: string): Promise<Row> {
  if (!isUuid(checkInId)) throw notFound("check-in");
  const [row] = await database.query<Row>(`${ROWS} WHERE c.id = $1::uuid AND c.undone_at IS NULL`, [checkInId]);
  if (!row) throw notFound("check-in");
  return row;
}

function toCheckIn(row: Row): CheckIn {
  return CheckInSchema.parse({
    id: row.id,
    event_id: row.event_id,
    event_title: row.event_title,
    person_id: row.person_id,
    given_name: row.given_name,
    security_code: row.security_code,
    method: row.method,
    checked_in_at: new Date(row.checked_in_at).toISOString(),
    checked_out_at: row.checked_out_at ? new Date(row.checked_out_at).toISOString() : null,
  });
}
