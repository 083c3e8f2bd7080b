import "server-only";
import type { Database } from "../db/database.ts";
import { GUARDIAN_ROLE } from "../guardians/schemas.ts";
import { containsPattern, orderBy, selectPage } from "../staff-lists/paging.ts";

/** GET /api/v1/admin/roles (users:read): every role with its permissions, for the assignment form. */
export async function listRoles(database: Database, query: { page: number; per: number; q?: string; sort: string }) {
  const values: unknown[] = [];
  let where = "";
  if (query.q) {
    values.push(containsPattern(query.q));
    where = "WHERE r.name ILIKE $1";
  }
  const page = await selectPage<{ name: string; description: string; permissions: string[] }>(database, query, {
    select: "r.name, r.description, r.permissions",
    from: `role r ${where}`,
    values,
    order: orderBy(query.sort, { name: "r.name" }, "r.id"),
  });
  return { ...page, items: page.items.map((row) => ({ ...row, assignable: row.name !== GUARDIAN_ROLE })) };
}
