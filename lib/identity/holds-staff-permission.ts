import "server-only";
import type { Database } from "../db/database.ts";
import { STAFF_PERMISSIONS } from "./permissions.ts";

/** Whether the account holds any staff permission through its roles (the header's "Church office" link). */
export async function holdsStaffPermission(database: Database, userId: string): Promise<boolean> {
  const [row] = await database.query<{ staff: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM user_role ur JOIN role r ON r.id = ur.role_id
                     WHERE ur.user_id = $1::uuid AND r.permissions && $2::text[]) AS staff`,
    [userId, [...STAFF_PERMISSIONS]],
  );
  return row?.staff ?? false;
}
