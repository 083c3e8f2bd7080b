import "server-only";
import type { Database } from "../db/database.ts";
import { containsPattern, orderBy, selectPage } from "../staff-lists/paging.ts";
import type { AdminUser, AdminUsersQuery } from "./staff-schemas.ts";
import { STAFF_USER_COLUMNS } from "./staff-user-columns.ts";

const USER_SORT = { email: "a.email", familyName: "lower(a.family_name || ' ' || a.given_name)", createdAt: "a.created_at" };

/** GET /api/v1/admin/users (users:read): accounts, searched by email address or name, filtered by status. */
export async function listUsers(database: Database, query: AdminUsersQuery) {
  const values: unknown[] = [];
  const conditions: string[] = [];
  if (query.q) {
    values.push(containsPattern(query.q));
    conditions.push(`(a.email ILIKE $1 OR (a.given_name || ' ' || a.family_name) ILIKE $1)`);
  }
  if (query.status) conditions.push(query.status === "disabled" ? "a.disabled_at IS NOT NULL" : "a.disabled_at IS NULL");
  const where = conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : "";
  return selectPage<AdminUser>(database, query, { select: STAFF_USER_COLUMNS, from: `account a ${where}`, values, order: orderBy(query.sort, USER_SORT, "a.id") });
}
