import "server-only";
import type { Database } from "../db/database.ts";
import { notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import { isoTimestamp } from "../staff-lists/paging.ts";
import type { AdminFamilyDetail } from "./staff-schemas.ts";

/**
 * GET /api/v1/admin/families/{id} (families:read): one household and its members, adults first, with the
 * children's notes from its adults. Its join code is never answered here: only its adults see it
 * (docs/decisions/0013).
 */
export async function getFamilyForStaffOrThrow(database: Database, familyId: string): Promise<AdminFamilyDetail> {
  if (!isUuid(familyId)) throw notFound("family");
  const [row] = await database.query<{ json: string }>(
    `SELECT json_build_object(
       'id', f.id, 'name', f.name, 'created_at', ${isoTimestamp("f.created_at")},
       'member_count', (SELECT count(*)::int FROM family_member fm WHERE fm.family_id = f.id),
       'members', COALESCE((SELECT json_agg(json_build_object('user_id', a.id, 'given_name', a.given_name, 'family_name', a.family_name,
                      'role', fm.role, 'joined_at', ${isoTimestamp("fm.joined_at")}, 'has_sign_in', a.email IS NOT NULL,
                      'birth_date', a.birth_date, 'notes', CASE WHEN fm.role = 'child' THEN fm.notes END) ORDER BY fm.role, fm.joined_at, a.id)
                    FROM family_member fm JOIN account a ON a.id = fm.user_id WHERE fm.family_id = f.id), '[]'::json)
     )::text AS json FROM family f WHERE f.id = $1::uuid`,
    [familyId],
  );
  if (!row) throw notFound("family");
  return JSON.parse(row.json) as AdminFamilyDetail;
}
