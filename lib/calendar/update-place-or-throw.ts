import "server-only";
import type { Database } from "../db/database.ts";
import { notFound } from "../identity/errors.ts";
import type { AdminCampus, AdminMinistry } from "./staff-schemas.ts";

/** The number of events held at (or by) the place: the lists answer it, so the edits do too. */
async function eventCount(database: Database, column: "campus_id" | "ministry_id", id: string): Promise<number> {
  const [row] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM event WHERE ${column} = $1`, [id]);
  return row?.n ?? 0;
}

/**
 * PATCH /api/v1/admin/campuses/{id} (events:write): a campus's name or IANA time zone. Its events keep
 * their own time zones (docs/decisions/0004): a campus's is the default for new ones. The calendar's
 * version moves with the write (a trigger), so every instance's feed shows the new name at once.
 */
export async function updateCampusOrThrow(database: Database, id: string, body: { name?: string; timezone?: string }): Promise<AdminCampus> {
  const updated = await database.prisma.campus.updateMany({ where: { id }, data: { name: body.name, timezone: body.timezone } });
  if (updated.count === 0) throw notFound("campus");
  const row = await database.prisma.campus.findUniqueOrThrow({ where: { id }, select: { id: true, name: true, timezone: true, createdAt: true } });
  return { id: row.id, name: row.name, timezone: row.timezone, event_count: await eventCount(database, "campus_id", id), created_at: row.createdAt.toISOString() };
}

/** PATCH /api/v1/admin/ministries/{id} (events:write): a ministry's name, in the feed at once. */
export async function updateMinistryOrThrow(database: Database, id: string, name: string): Promise<AdminMinistry> {
  const updated = await database.prisma.ministry.updateMany({ where: { id }, data: { name } });
  if (updated.count === 0) throw notFound("ministry");
  const row = await database.prisma.ministry.findUniqueOrThrow({ where: { id }, select: { id: true, name: true, createdAt: true } });
  return { id: row.id, name: row.name, event_count: await eventCount(database, "ministry_id", id), created_at: row.createdAt.toISOString() };
}
