import type { Database } from "../db/database.ts";
import { eventNotFound } from "./errors.ts";
import { eventJson, PUBLIC_EVENT, SqlParams } from "./public-events-sql.ts";
import { CONTROL_CHARACTERS, type EventDetail } from "./schemas.ts";

/** No id or slug is longer, or holds a control character: such a key is answered without asking the database. */
const MAX_KEY_LENGTH = 200;

/**
 * One public event by its id or its slug, with its ministry and campus. Drafts and non-public events are
 * "not found", exactly like ids that never existed, so the API never reveals that they exist. Raw SQL:
 * the calendar's JSON built in PostgreSQL, a measured hot path (docs/decisions/0019, reason 3).
 */
export async function getEventOrThrow(database: Database, eventIdOrSlug: string, now = new Date()): Promise<EventDetail> {
  if (eventIdOrSlug.length > MAX_KEY_LENGTH || CONTROL_CHARACTERS.test(eventIdOrSlug)) throw eventNotFound();
  const params = new SqlParams();
  // Slugs are kebab-case, so they never start with the id prefix.
  const match = eventIdOrSlug.startsWith("evt_") ? `e.id = ${params.add(eventIdOrSlug)}` : `e.slug = ${params.add(eventIdOrSlug)}`;
  const [row] = await database.query<{ json: string }>(
    `SELECT json_strip_nulls(json_build_object(
       'event', ${eventJson(params, now)}::json,
       'ministry', CASE WHEN m.id IS NOT NULL THEN json_build_object('ministryId', m.id, 'name', m.name) END,
       'campus', CASE WHEN c.id IS NOT NULL THEN json_build_object('campusId', c.id, 'name', c.name) END
     ))::text AS json
     FROM event e LEFT JOIN ministry m ON m.id = e.ministry_id LEFT JOIN campus c ON c.id = e.campus_id
     WHERE ${PUBLIC_EVENT} AND ${match}`,
    params.values,
  );
  if (!row) throw eventNotFound();
  return JSON.parse(row.json) as EventDetail;
}
