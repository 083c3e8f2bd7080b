import "server-only";
import type { Database } from "../db/database.ts";
import { presentCountSql } from "./present-count.ts";
import { OpenEventSchema, type OpenEvent } from "./schemas.ts";
import { CHECK_IN_OPENS_MINUTES_BEFORE } from "./window.ts";

/**
 * GET /api/v1/kiosk/events: the campus's scheduled events whose check-in window is open now and that take
 * some check-in, with how many are present (for "3 places left"); and, for pickup only, today's events that
 * have ended while children are still checked in (a parent late from the café still collects their child).
 */
export async function listOpenEvents(database: Database, campusId: string, now = new Date()): Promise<{ events: OpenEvent[] }> {
  const rows = await database.query<{ id: string; title: string; start_at: Date; end_at: Date; timezone: string; capacity: number | null; checked_in: number; modes: string[]; open: boolean }>(
    `SELECT * FROM (
       SELECT e.id, e.title, e.start_at, e.end_at, e.timezone, e.capacity, e.attendance_modes::text[] AS modes, e.end_at > $2 AS open,
              ${presentCountSql("e.id")} AS checked_in
         FROM event e
        WHERE e.campus_id = $1 AND e.status = 'SCHEDULED'
          AND e.start_at - make_interval(mins => $3) <= $2
          AND e.end_at > $2 - interval '1 day'
          AND e.attendance_modes && ARRAY['QR_CODE', 'RFID', 'MANUAL', 'SELF_CHECK_IN']::"AttendanceMode"[]
          AND (e.end_at > $2 OR EXISTS (
                SELECT 1 FROM check_in c WHERE c.event_id = e.id AND c.undone_at IS NULL AND c.checked_out_at IS NULL
                   AND c.service_date = to_char($2::timestamptz AT TIME ZONE e.timezone, 'YYYY-MM-DD')))
     ) listed
      ORDER BY open DESC, start_at, id LIMIT 50`,
    [campusId, now, CHECK_IN_OPENS_MINUTES_BEFORE],
  );
  return {
    events: rows.map((row) =>
      OpenEventSchema.parse({
        id: row.id,
        title: row.title,
        start_at: new Date(row.start_at).toISOString(),
        end_at: new Date(row.end_at).toISOString(),
        timezone: row.timezone,
        capacity: row.capacity,
        checked_in: row.checked_in,
        attendance_modes: row.modes,
        check_in_open: row.open,
      }),
    ),
  };
}
