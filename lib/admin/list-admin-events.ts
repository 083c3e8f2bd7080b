import "server-only";
import { eventJson, SqlParams } from "../calendar/public-events-sql.ts";
import { sql } from "../db.ts";
import { notFound } from "../identity/errors.ts";
import { containsPattern, offsetOf, orderBy, pageEnvelope } from "./paging.ts";
import type { AdminEvent, AdminEventPage, AdminEventsQuery } from "./schemas.ts";

const EVENT_SORT_COLUMNS = { startAt: "e.start_at", title: "lower(e.title)", updatedAt: "e.updated_at", createdAt: "e.created_at" };

/**
 * GET /api/v1/admin/events: every event (drafts and non-public ones too) in the CalendarEvent shape, from
 * the same public_json the feed serves, so staff see exactly what the calendar will show.
 */
export async function listAdminEvents(query: AdminEventsQuery): Promise<AdminEventPage> {
  const params = new SqlParams();
  const conditions: string[] = [];
  if (query.q) {
    const pattern = params.add(containsPattern(query.q));
    conditions.push(`(e.title ILIKE ${pattern} OR e.slug ILIKE ${pattern})`);
  }
  if (query.status) conditions.push(`e.status = ${params.add(query.status)}::"EventStatus"`);
  if (query.from) conditions.push(`e.end_at >= ${params.add(query.from)}::date`);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : "";
  const countValues = [...params.values];
  const [count] = await sql<{ total: string }>(`SELECT count(*)::text AS total FROM event e ${where}`, countValues);
  const json = eventJson(params);
  const rows = await sql<{ json: string }>(
    `SELECT ${json} AS json FROM event e ${where}
      ORDER BY ${orderBy(query.sort, EVENT_SORT_COLUMNS, "e.id")} LIMIT ${params.add(query.per)} OFFSET ${params.add(offsetOf(query))}`,
    params.values,
  );
  return pageEnvelope(query, Number(count?.total ?? 0), rows.map((row) => JSON.parse(row.json) as AdminEvent));
}

/** GET /api/v1/admin/events/{id}: one event by id or slug, whatever its status or visibility. */
export async function getAdminEventOrThrow(idOrSlug: string): Promise<AdminEvent> {
  if (idOrSlug.length > 200) throw notFound("event");
  const params = new SqlParams();
  const match = idOrSlug.startsWith("evt_") ? `e.id = ${params.add(idOrSlug)}` : `e.slug = ${params.add(idOrSlug)}`;
  const [row] = await sql<{ json: string }>(`SELECT ${eventJson(params)} AS json FROM event e WHERE ${match}`, params.values);
  if (!row) throw notFound("event");
  return JSON.parse(row.json) as AdminEvent;
}
