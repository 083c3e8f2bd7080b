import "server-only";
import type { Database } from "../db/database.ts";
import { newCalendarId } from "./new-calendar-id.ts";
import type { AdminCampus } from "./staff-schemas.ts";

/** POST /api/v1/admin/campuses (events:write): a new campus in an IANA time zone, its id (`cmp_…`) made for it. */
export async function createCampus(database: Database, name: string, timezone: string): Promise<AdminCampus> {
  const row = await database.prisma.campus.create({
    data: { id: newCalendarId("cmp_"), name, timezone },
    select: { id: true, name: true, timezone: true, createdAt: true },
  });
  return { id: row.id, name: row.name, timezone: row.timezone, event_count: 0, created_at: row.createdAt.toISOString() };
}
