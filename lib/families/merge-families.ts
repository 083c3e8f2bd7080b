import "server-only";
import type { Database } from "../db/database.ts";
import { requestGuardianshipsOnJoin } from "../guardians/guardianship-requests.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { getFamilyForStaffOrThrow } from "./get-family-for-staff-or-throw.ts";
import { householdMemberIds, logForEach } from "./staff-household-log.ts";
import type { AdminFamilyDetail } from "./staff-schemas.ts";

export const MERGE_INTO_ITSELF = "from: cannot merge a household into itself";
export const NO_SUCH_HOUSEHOLD = "from: no such household";

/**
 * POST /api/v1/admin/families/{id}/merge (families:write; docs/decisions/0013 "Merging"): the office found two
 * households for one family. Every member of `from` (adults, children with or without a sign-in, and so
 * their pickup lists and notes) moves into this one with their role, and so do its guardianship requests;
 * this one keeps its name and code; `from` is deleted (its code dies with it). Guardianships are not
 * households: none changes. As on joining, the adults and the minors who sign in who now share a household
 * for the first time are asked about guardianship. Every member moved gets `family_merged` in their log.
 *
 * One transaction; both household rows locked in id order, so two merges of the same pair in opposite
 * directions take turns instead of deadlocking, and a member's own household changes (leave, join, a child
 * added) wait for it. Merging into itself and an unknown `from` are `invalid_request`; an unknown id `not_found`.
 */
export async function mergeFamilies(database: Database, staffId: string, familyId: string, fromId: string, context: RequestContext, now = new Date()): Promise<AdminFamilyDetail> {
  if (!isUuid(familyId)) throw notFound("family");
  const intoId = familyId.toLowerCase();
  const from = fromId.toLowerCase();
  return database.transaction(async (tx) => {
    const locked = await tx.query<{ id: string; name: string }>(`SELECT id::text AS id, name FROM family WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`, [[intoId, from]]);
    if (!locked.some((row) => row.id === intoId)) throw notFound("family");
    if (from === intoId) throw new IdentityError("invalid_request", MERGE_INTO_ITSELF);
    if (!locked.some((row) => row.id === from)) throw new IdentityError("invalid_request", NO_SUCH_HOUSEHOLD);

    const staying = await householdMemberIds(tx, intoId);
    const moved = await tx.query<{ user_id: string; role: "adult" | "child" }>(
      `UPDATE family_member SET family_id = $1::uuid WHERE family_id = $2::uuid RETURNING user_id::text AS user_id, role`,
      [intoId, from],
    );
    await tx.query(`UPDATE guardianship_request SET family_id = $1::uuid WHERE family_id = $2::uuid`, [intoId, from]);
    await tx.query(`DELETE FROM family WHERE id = $1::uuid`, [from]);
    for (const member of moved) {
      await logForEach(tx, [member.user_id], "family_merged", context, { family_id: intoId, from_family_id: from, role: member.role }, staffId);
      // Paired only with those who were here before: the moved members shared a household already.
      await requestGuardianshipsOnJoin(tx, intoId, member.user_id, member.role, context, now, staying);
    }
    return getFamilyForStaffOrThrow(tx, intoId);
  });
}
