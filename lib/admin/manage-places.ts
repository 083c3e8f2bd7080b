import "server-only";
import { randomInt } from "node:crypto";
import { sql, db } from "../db.ts";
import { containsPattern, offsetOf, orderBy, pageEnvelope } from "./paging.ts";
import type { AdminCampus, AdminMinistry, AdminPlaceQuery } from "./schemas.ts";

/**
 * Ministries and campuses, which events link to: staff list them (to pick one for an event) and add new
 * ones. Renaming and removing are left out on purpose (docs/decisions/0017): ids are public filter values
 * embedded in church websites, and removing one would orphan events.
 */

const BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz";
const newId = (prefix: string) => `${prefix}${Array.from({ length: 10 }, () => BASE36[randomInt(36)]).join("")}`;
const PLACE_SORT = { name: "lower(p.name)", createdAt: "p.created_at" };

async function listPlaces<Row>(table: "ministry" | "campus", columns: string, query: AdminPlaceQuery) {
  const values: unknown[] = [];
  let where = "";
  if (query.q) {
    values.push(containsPattern(query.q));
    where = `WHERE p.name ILIKE $1`;
  }
  const [count] = await sql<{ total: string }>(`SELECT count(*)::text AS total FROM ${table} p ${where}`, values);
  const column = table === "ministry" ? "ministry_id" : "campus_id";
  const rows = await sql<Row>(
    `SELECT ${columns}, (SELECT count(*)::int FROM event e WHERE e.${column} = p.id) AS event_count,
            to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
       FROM ${table} p ${where}
      ORDER BY ${orderBy(query.sort, PLACE_SORT, "p.id")} LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
    [...values, query.per, offsetOf(query)],
  );
  return pageEnvelope(query, Number(count?.total ?? 0), rows);
}

export const listMinistries = (query: AdminPlaceQuery) => listPlaces<AdminMinistry>("ministry", "p.id, p.name", query);
export const listCampuses = (query: AdminPlaceQuery) => listPlaces<AdminCampus>("campus", "p.id, p.name, p.timezone", query);

export async function createMinistry(name: string): Promise<AdminMinistry> {
  const row = await (await db()).ministry.create({ data: { id: newId("min_"), name }, select: { id: true, name: true, createdAt: true } });
  return { id: row.id, name: row.name, event_count: 0, created_at: row.createdAt.toISOString() };
}

export async function createCampus(name: string, timezone: string): Promise<AdminCampus> {
  const row = await (await db()).campus.create({ data: { id: newId("cmp_"), name, timezone }, select: { id: true, name: true, timezone: true, createdAt: true } });
  return { id: row.id, name: row.name, timezone: row.timezone, event_count: 0, created_at: row.createdAt.toISOString() };
}
