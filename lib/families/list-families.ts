import "server-only";
import type { Database } from "../db/database.ts";
import { containsPattern, isoTimestamp, orderBy, selectPage } from "../staff-lists/paging.ts";
import type { AdminFamiliesQuery } from "./staff-schemas.ts";

/** GET /api/v1/admin/families (families:read): households with their member counts, searched by name; never a join code. */
export async function listFamilies(database: Database, query: AdminFamiliesQuery) {
  const values: unknown[] = [];
  let where = "";
  if (query.q) {
    values.push(containsPattern(query.q));
    where = "WHERE f.name ILIKE $1";
  }
  return selectPage<{ id: string; name: string; member_count: number; created_at: string }>(database, query, {
    select: `f.id::text AS id, f.name, (SELECT count(*)::int FROM family_member fm WHERE fm.family_id = f.id) AS member_count, ${isoTimestamp("f.created_at")} AS created_at`,
    from: `family f ${where}`,
    values,
    order: orderBy(query.sort, { name: "lower(f.name)", createdAt: "f.created_at" }, "f.id"),
  });
}
