import "server-only";
import type { Database } from "../db/database.ts";
import { newCalendarId } from "./new-calendar-id.ts";
import type { AdminMinistry } from "./staff-schemas.ts";

/** POST /api/v1/admin/ministries (events:write): a new ministry, its id (`min_…`) made for it. */
export async function createMinistry(database: Database, name: string): Promise<AdminMinistry> {
  const row = await database.prisma.ministry.create({ data: { id: newCalendarId("min_"), name }, select: { id: true, name: true, createdAt: true } });
  return { id: row.id, name: row.name, event_count: 0, created_at: row.createdAt.toISOString() };
}
