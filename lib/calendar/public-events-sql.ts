import { sql } from "../db.ts";
import { env } from "../env.ts";
import type { CalendarEvent } from "./schemas.ts";

/**
 * The one serializer of public events. PostgreSQL builds each CalendarEvent as JSON text, so the hot
 * feed hands strings through instead of decoding thirty columns into objects and encoding them again:
 * that work was two thirds of a cold feed request's CPU (docs/decisions/0001). json_strip_nulls is what
 * makes optional fields omitted rather than null; json (not jsonb) keeps the contract's field order.
 * The e2e specs parse every served event with calendarEventSchema, so this cannot drift from the contract.
 */

/** SQL parameters collected while a query is composed; each value gets the next $n. */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** What makes an event visible on the public calendar at all (decisions.md 4). */
export const PUBLIC_EVENT = `e.visibility = 'public' AND e.status <> 'DRAFT'`;

/** The CalendarEvent of row `e` as JSON text; artwork paths are made absolute with ASSET_URL. */
export function eventJson(params: SqlParams): string {
  const assetUrl = params.add(env().ASSET_URL);
  return `json_strip_nulls(json_build_object(
    'eventId', e.id,
    'slug', e.slug,
    'url', '/calendar/' || e.slug,
    'title', e.title,
    'description', e.description,
    'eventType', e.event_type,
    'serviceType', e.service_type,
    'startDate', e.start_date,
    'startTime', e.start_time,
    'endDate', e.end_date,
    'endTime', e.end_time,
    'timezone', e.timezone,
    'ministryId', e.ministry_id,
    'campusId', e.campus_id,
    'seriesId', e.series_id,
    'status', e.status,
    'visibility', e.visibility,
    'audience', COALESCE(e.audience, '{}'),
    'attendanceModes', COALESCE(e.attendance_modes, '{}'),
    'capacity', e.capacity,
    'organizer', e.organizer,
    'imageUrl', CASE WHEN left(e.image_url, 1) = '/' THEN ${assetUrl}::text || e.image_url ELSE e.image_url END,
    'registrationUrl', e.registration_url,
    'location', CASE WHEN e.location_name IS NOT NULL AND e.location_address IS NOT NULL THEN json_build_object(
      'name', e.location_name,
      'address', e.location_address,
      'coordinates', CASE WHEN e.latitude IS NOT NULL AND e.longitude IS NOT NULL
        THEN json_build_object('latitude', e.latitude, 'longitude', e.longitude) END
    ) END,
    'tags', COALESCE(e.tags, '{}'),
    'createdAt', to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(e.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  ))::text`;
}

/** A row of a public-events query: the keyset position and the event's JSON. */
export interface PublicEventRow {
  id: string;
  /** Start instant in epoch milliseconds, as text (bigint decodes differently in pg and PGlite). */
  start_ms: string;
  json: string;
}

/**
 * Public events matching `conditions` (SQL over `e`, parameters in `params`), in feed order, at most
 * `limit`. Filter values always travel as parameters, never inside the SQL text.
 */
export async function selectPublicEvents(conditions: string[], params: SqlParams, limit: number): Promise<PublicEventRow[]> {
  const json = eventJson(params);
  const where = [PUBLIC_EVENT, ...conditions].join(" AND ");
  return sql<PublicEventRow>(
    `SELECT e.id, (extract(epoch FROM e.start_at) * 1000)::bigint::text AS start_ms, ${json} AS json
     FROM event e WHERE ${where} ORDER BY e.start_at, e.id LIMIT ${params.add(limit)}`,
    params.values,
  );
}

export function parseEvents(rows: readonly PublicEventRow[]): CalendarEvent[] {
  return rows.map((row) => JSON.parse(row.json) as CalendarEvent);
}
