import "server-only";
import type { Database } from "../db/database.ts";
import { containsPattern, isoTimestamp, orderBy, selectPage } from "../staff-lists/paging.ts";
import type { AdminPlaceQuery } from "./staff-schemas.ts";

const PLACE_SORT = { name: "lower(p.name)", createdAt: "p.created_at" };

/**
 * One page of ministries or campuses, which events link to, with how many events each has: staff list them
 * to pick one for an event (list-ministries.ts, list-campuses.ts). Renaming and removing are left out on
 * purpose (docs/decisions/0017): ids are public filter values embedded in church websites, and removing one
 * would orphan events.
 */
export async function listPlaces<Row>(database: Database, table: "ministry" | "campus", columns: string, query: AdminPlaceQuery) {
  const values: unknown[] = [];
  let where = "";
  if (query.q) {
    values.push(containsPattern(query.q));
    where = `WHERE p.name ILIKE $1`;
  }
  const column = table === "ministry" ? "ministry_id" : "campus_id";
  return selectPage<Row>(database, query, {
    select: `${columns}, (SELECT count(*)::int FROM event e WHERE e.${column} = p.id) AS event_count, ${isoTimestamp("p.created_at")} AS created_at`,
    from: `${table} p ${where}`,
    values,
    order: orderBy(query.sort, PLACE_SORT, "p.id"),
  });
}
