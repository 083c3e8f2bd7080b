import "server-only";
import type { Database } from "../db/database.ts";
import { containsPattern, orderBy, selectPage } from "../staff-lists/paging.ts";
import { GUARDIANSHIP_FROM, STAFF_GUARDIANSHIP_JSON } from "./staff-guardianship-sql.ts";
import type { AdminGuardianship, AdminGuardianshipsQuery } from "./staff-schemas.ts";

/** GET /api/v1/admin/guardianships (families:read): guardianships, live or ended, searched by either person's name or email. */
export async function listGuardianships(database: Database, query: AdminGuardianshipsQuery) {
  const values: unknown[] = [];
  const conditions: string[] = [];
  if (query.q) {
    values.push(containsPattern(query.q));
    conditions.push(
      `((ga.given_name || ' ' || ga.family_name) ILIKE $1 OR ga.email ILIKE $1 OR (da.given_name || ' ' || da.family_name) ILIKE $1 OR da.email ILIKE $1)`,
    );
  }
  if (query.status) conditions.push(query.status === "ended" ? "g.ended_at IS NOT NULL" : "g.ended_at IS NULL");
  const where = conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : "";
  const page = await selectPage<{ json: string }>(database, query, {
    select: STAFF_GUARDIANSHIP_JSON,
    from: `${GUARDIANSHIP_FROM} ${where}`,
    values,
    order: orderBy(query.sort, { createdAt: "g.created_at" }, "g.id"),
  });
  return { ...page, items: page.items.map((row) => JSON.parse(row.json) as AdminGuardianship) };
}
