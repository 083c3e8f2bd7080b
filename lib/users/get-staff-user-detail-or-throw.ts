import "server-only";
import type { Database } from "../db/database.ts";
import { notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import { isoTimestamp } from "../staff-lists/paging.ts";
import type { AdminUser, AdminUserDetail } from "./staff-schemas.ts";
import { STAFF_USER_COLUMNS } from "./staff-user-columns.ts";

/** What the caller may read beside the account, from their permissions. */
export interface StaffUserDetailViewer {
  permissions: ReadonlySet<string>;
}

/**
 * GET /api/v1/admin/users/{id} (users:read): the account as the list shows it, with the member's household
 * (with `families:read`) and the register record linked to the account (with `membership:read`). A part the
 * caller may not read is left out, never answered as null; the queries for it are not even run. One
 * statement: the parts are subqueries of the account's row (as text: parsed here, the same on PGlite and pg). Unknown or malformed id: `not_found`.
 */
export async function getStaffUserDetailOrThrow(database: Database, userId: string, viewer: StaffUserDetailViewer): Promise<AdminUserDetail> {
  if (!isUuid(userId)) throw notFound("user");
  const household = viewer.permissions.has("families:read");
  const record = viewer.permissions.has("membership:read");
  const [row] = await database.query<AdminUser & { household_json?: string | null; membership_record_json?: string | null }>(
    `SELECT ${STAFF_USER_COLUMNS}
       ${
         household
           ? `, (SELECT json_build_object('id', f.id, 'name', f.name, 'role', fm.role,
                  'member_count', (SELECT count(*)::int FROM family_member other WHERE other.family_id = f.id))
                 FROM family_member fm JOIN family f ON f.id = fm.family_id WHERE fm.user_id = a.id)::text AS household_json`
           : ""
       }
       ${
         record
           ? `, (SELECT json_build_object('membership_id', m.id, 'given_name', m.given_name, 'family_name', m.family_name, 'birth_date', m.birth_date,
                  'campus', CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('id', c.id, 'name', c.name) END,
                  'linked_at', ${isoTimestamp("m.linked_at")})
                 FROM membership_record m LEFT JOIN campus c ON c.id = m.campus_id WHERE m.linked_user_id = a.id)::text AS membership_record_json`
           : ""
       }
       FROM account a WHERE a.id = $1::uuid`,
    [userId],
  );
  if (!row) throw notFound("user");
  const { household_json: householdJson, membership_record_json: recordJson, ...account } = row;
  return {
    ...account,
    ...(household && { household: householdJson ? (JSON.parse(householdJson) as AdminUserDetail["household"]) : null }),
    ...(record && { membership_record: recordJson ? (JSON.parse(recordJson) as AdminUserDetail["membership_record"]) : null }),
  };
}
