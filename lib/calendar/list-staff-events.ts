import "server-only";
import type { Database } from "../db/database.ts";
import { containsPattern, offsetOf, orderBy, pageEnvelope } from "../staff-lists/paging.ts";
import { eventStatusIsSql } from "./event-status.ts";
import { eventJson, SqlParams } from "./public-events-sql.ts";
import type { AdminEvent, AdminEventPage, AdminEventsQuery } from "./staff-schemas.ts";

const EVENT_SORT_COLUMNS = { startAt: "e.start_at", title: "lower(e.title)", updatedAt: "e.updated_at", createdAt: "e.created_at" };

/**
 * GET /api/v1/admin/events (events:read): every event (drafts and non-public ones too) in the CalendarEvent
 * shape, from the same public_json the feed serves, so staff see exactly what the calendar will show. The
 * status filter is the status read off the clock, as shown.
 */
export async function listStaffEvents(database: Database, query: AdminEventsQuery, now = new Date()): Promise<AdminEventPage> {
  const params = new SqlParams();
  const conditions: string[] = [];
  if (query.q) {
    const pattern = params.add(containsPattern(query.q));
    conditions.push(`(e.title ILIKE ${pattern} OR e.slug ILIKE ${pattern})`);
  }
  if (query.status) conditions.push(eventStatusIsSql(params, query.status, now));
  if (query.from) conditions.push(`e.end_at >= ${params.add(query.from)}::date`);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : "";
  const countValues = [...params.values];
  const [count] = await database.query<{ total: string }>(`SELECT count(*)::text AS total FROM event e ${where}`, countValues);
  const json = eventJson(params, now);
  const rows = await database.query<{ json: string }>(
    `SELECT ${json} AS json FROM event e ${where}
      ORDER BY ${orderBy(query.sort, EVENT_SORT_COLUMNS, "e.id")} LIMIT ${params.add(query.per)} OFFSET ${params.add(offsetOf(query))}`,
    params.values,
  );
  return pageEnvelope(query, Number(count?.total ?? 0), rows.map((row) => JSON.parse(row.json) as AdminEvent));
}
