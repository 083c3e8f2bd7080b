import "server-only";
import type { Database } from "../db/database.ts";
import { presentCountSql } from "./present-count.ts";
import { SelfCheckInEventSchema, type SelfCheckInEvent } from "./schemas.ts";
import { CHECK_IN_OPENS_MINUTES_BEFORE } from "./window.ts";

/**
 * GET /api/v1/users/me/check-in-events: the events a member may check themselves in to right now - the
 * window open (docs/decisions/0023), SELF_CHECK_IN allowed, on the public or members' calendar (a private
 * event is for those staff invite, never offered) - with whether the member is already in.
 */
export async function listSelfCheckInEvents(database: Database, userId: string, now = new Date()): Promise<{ events: SelfCheckInEvent[] }> {
  const rows = await database.query<{ id: string; title: string; start_at: Date; end_at: Date; capacity: number | null; checked_in: number; location_name: string | null; mine: boolean }>(
    `SELECT e.id, e.title, e.start_at, e.end_at, e.capacity, e.location_name,
            ${presentCountSql("e.id")} AS checked_in,
            EXISTS (SELECT 1 FROM check_in c WHERE c.event_id = e.id AND c.person_id = $3::uuid AND c.undone_at IS NULL) AS mine
       FROM event e
      WHERE e.status = 'SCHEDULED' AND e.visibility IN ('public', 'members')
        AND e.start_at - make_interval(mins => $2) <= $1 AND e.end_at > $1
        AND 'SELF_CHECK_IN' = ANY(e.attendance_modes)
      ORDER BY e.start_at, e.id LIMIT 20`,
    [now, CHECK_IN_OPENS_MINUTES_BEFORE, userId],
  );
  return {
    events: rows.map((row) =>
      SelfCheckInEventSchema.parse({
        id: row.id,
        title: row.title,
        start_at: new Date(row.start_at).toISOString(),
        end_at: new Date(row.end_at).toISOString(),
        location_name: row.location_name,
        capacity: row.capacity,
        checked_in: row.checked_in,
        checked_in_by_me: row.mine,
      }),
    ),
  };
}
