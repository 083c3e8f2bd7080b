import type { Database, QueryOptions } from "../db/database.ts";
import { env } from "../env.ts";
import { eventStatusSql, instantSql } from "./event-status.ts";
import type { CalendarEvent } from "./schemas.ts";

/**
 * Public events as JSON text straight from PostgreSQL. The one serializer of public events is the trigger
 * event_public_json (prisma/migrations/…_event_public_json): it writes each row's CalendarEvent into
 * public_json whenever the row is written, so reads hand strings through instead of decoding thirty
 * columns and encoding them again (docs/decisions/0001). The e2e specs compare every served event with
 * its raw row and parse it with calendarEventSchema, so the trigger cannot drift from the contract. Raw SQL
 * on purpose: the feed is a hot path measured in bench/ (docs/decisions/0019, reason 3).
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

/**
 * The CalendarEvent of row `e` at the instant `now` as JSON text: a stored artwork path made absolute with
 * ASSET_URL, and a scheduled event's status read off the clock (event-status.ts; the stored JSON says
 * SCHEDULED). The patterns can only match the keys themselves: inside JSON string values quotes are escaped.
 */
export function eventJson(params: SqlParams, now: Date = new Date()): string {
  const assetUrl = params.add(env().ASSET_URL);
  const withImage = `replace(e.public_json, '"imageUrl":"/', '"imageUrl":"' || ${assetUrl}::text || '/')`;
  const at = instantSql(params, now);
  return `(CASE WHEN e.status = 'SCHEDULED' AND e.start_at <= ${at}
    THEN replace(${withImage}, '"status":"SCHEDULED"', '"status":"' || ${eventStatusSql(at)} || '"') ELSE ${withImage} END)`;
}

/** A row of a public-events query: the keyset position and the event's JSON. */
export interface PublicEventRow {
  id: string;
  /** Start instant in epoch milliseconds, as text (bigint decodes differently in pg and PGlite). */
  start_ms: string;
  json: string;
}

/**
 * Public events matching `conditions` (SQL over `e`, parameters in `params`), as they are at `now`, in feed
 * order, at most `limit`. Filter values always travel as parameters, never inside the SQL text. With `among`, only the
 * first `among.limit` public events matching `among.conditions` (in feed order) are looked at: a bounded
 * amount of work whatever the values (list-upcoming-events.ts).
 */
export async function selectPublicEvents(
  database: Database,
  conditions: string[],
  params: SqlParams,
  now: Date,
  limit: number,
  options: QueryOptions = {},
  among?: { conditions: string[]; limit: number },
): Promise<PublicEventRow[]> {
  // Not flattened into the outer query (it has its own LIMIT), so its index scan stops at that limit.
  const source = among
    ? `(SELECT * FROM event e WHERE ${[PUBLIC_EVENT, ...among.conditions].join(" AND ")} ORDER BY e.start_at, e.id LIMIT ${params.add(among.limit)}) e`
    : "event e";
  const where = (among ? conditions : [PUBLIC_EVENT, ...conditions]).join(" AND ") || "true";
  const json = eventJson(params, now);
  return database.query<PublicEventRow>(
    `SELECT e.id, (extract(epoch FROM e.start_at) * 1000)::bigint::text AS start_ms, ${json} AS json
     FROM ${source} WHERE ${where} ORDER BY e.start_at, e.id LIMIT ${params.add(limit)}`,
    params.values,
    options,
  );
}

export function parseEvents(rows: readonly PublicEventRow[]): CalendarEvent[] {
  return rows.map((row) => JSON.parse(row.json) as CalendarEvent);
}
