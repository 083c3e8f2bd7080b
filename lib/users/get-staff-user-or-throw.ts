import "server-only";
import type { Database } from "../db/database.ts";
import { notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import type { AdminUser } from "./staff-schemas.ts";
import { STAFF_USER_COLUMNS } from "./staff-user-columns.ts";

/** GET /api/v1/admin/users/{id} (users:read): one account as staff see it; an unknown or malformed id is `not_found`. */
export async function getStaffUserOrThrow(database: Database, userId: string): Promise<AdminUser> {
  if (!isUuid(userId)) throw notFound("user");
  const [row] = await database.query<AdminUser>(`SELECT ${STAFF_USER_COLUMNS} FROM account a WHERE a.id = $1::uuid`, [userId]);
  if (!row) throw notFound("user");
  return row;
}
