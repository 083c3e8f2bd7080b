import "server-only";
import type { Database } from "../db/database.ts";
import { notFound } from "../identity/errors.ts";
import { eventJson, SqlParams } from "./public-events-sql.ts";
import type { AdminEvent } from "./staff-schemas.ts";

/**
 * GET /api/v1/admin/events/{id} (events:read): one event by id or slug, whatever its status or visibility,
 * from the same public_json the feed serves, so staff see exactly what the calendar will show.
 */
export async function getStaffEventOrThrow(database: Database, idOrSlug: string, now = new Date()): Promise<AdminEvent> {
  if (idOrSlug.length > 200) throw notFound("event");
  const params = new SqlParams();
  const match = idOrSlug.startsWith("evt_") ? `e.id = ${params.add(idOrSlug)}` : `e.slug = ${params.add(idOrSlug)}`;
  const [row] = await database.query<{ json: string }>(`SELECT ${eventJson(params, now)} AS json FROM event e WHERE ${match}`, params.values);
  if (!row) throw notFound("event");
  return JSON.parse(row.json) as AdminEvent;
}
