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
  // Looked up first: the calendar's version trigger fires on any UPDATE statement, even one of no row, and
  // a refused edit must change nothing.
  if (!(await database.prisma.campus.findUnique({ where: { id }, select: { id: true } }))) throw notFound("campus");
  const row = await database.prisma.campus.update({ where: { id }, data: { name: body.name, timezone: body.timezone }, select: { id: true, name: true, timezone: true, createdAt: true } });
  return { id: row.id, name: row.name, timezone: row.timezone, event_count: await eventCount(database, "campus_id", id), created_at: row.createdAt.toISOString() };
}

/** PATCH /api/v1/admin/ministries/{id} (events:write): a ministry's name, in the feed at once. */
export async function updateMinistryOrThrow(database: Database, id: string, name: string): Promise<AdminMinistry> {
  if (!(await database.prisma.ministry.findUnique({ where: { id }, select: { id: true } }))) throw notFound("ministry");
  const row = await database.prisma.ministry.update({ where: { id }, data: { name }, select: { id: true, name: true, createdAt: true } });
  return { id: row.id, name: row.name, event_count: await eventCount(database, "ministry_id", id), created_at: row.createdAt.toISOString() };
}
