import "server-only";
import type { Database } from "../db/database.ts";
import { containsPattern, orderBy, selectPage } from "../staff-lists/paging.ts";
import { STAFF_SUGGESTION_JSON, SUGGESTION_FROM, SUGGESTION_TABLES } from "./staff-membership-sql.ts";
import type { AdminMembershipSuggestion, AdminSuggestionsQuery } from "./staff-schemas.ts";

/**
 * GET /api/v1/admin/membership/suggestions (membership:read): members' requests to link a record, in one
 * status (default pending), each with the member and the record side by side for staff to compare.
 */
export async function listMembershipSuggestions(database: Database, query: AdminSuggestionsQuery) {
  const values: unknown[] = [query.status];
  const conditions = ["q.status = $1"];
  if (query.q) {
    values.push(containsPattern(query.q));
    conditions.push(
      `((a.given_name || ' ' || a.family_name) ILIKE $2 OR a.email ILIKE $2 OR (m.given_name || ' ' || m.family_name) ILIKE $2 OR m.email ILIKE $2)`,
    );
  }
  const where = `WHERE ${conditions.join(" AND ")}`;
  const page = await selectPage<{ json: string }>(database, query, {
    select: STAFF_SUGGESTION_JSON,
    from: `${SUGGESTION_FROM} ${where}`,
    countFrom: `${SUGGESTION_TABLES} ${where}`,
    values,
    order: orderBy(query.sort, { createdAt: "q.created_at" }, "q.id"),
  });
  return { ...page, items: page.items.map((row) => JSON.parse(row.json) as AdminMembershipSuggestion) };
}
