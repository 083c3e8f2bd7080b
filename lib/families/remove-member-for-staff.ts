import "server-only";
import type { Database } from "../db/database.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { lockFamilyOrThrow } from "./adult-household.ts";
import { takeOutOfHousehold } from "./leave-family.ts";

export const LAST_ADULT_REMOVED = "the last adult cannot be removed while the household has children: remove them, or add another adult first";
export const CHILD_WITHOUT_SIGN_IN = "a child who does not sign in exists only in their household: remove the child instead (DELETE …/children/{childId})";

/**
 * DELETE /api/v1/admin/families/{id}/members/{userId} (families:write): the person leaves the household, by
 * the rules of leaving (lib/families/leave-family.ts): not its last adult while children remain (`conflict`);
 * their unanswered guardianship requests there go; no guardianship ends. The household stays, even empty:
 * staff made it and may fill or merge it. A child without a sign-in is not taken out (they would belong
 * nowhere): the children's route removes their record. Another household's member is `not_found`.
 */
export async function removeMemberForStaff(database: Database, staffId: string, familyId: string, userId: string, context: RequestContext): Promise<{ user_id: string; status: "removed" }> {
  return database.transaction(async (tx) => {
    const family = await lockFamilyOrThrow(tx, familyId);
    if (!isUuid(userId)) throw notFound("member");
    const [member] = await tx.query<{ user_id: string; role: "adult" | "child"; has_sign_in: boolean }>(
      `SELECT m.user_id::text AS user_id, m.role, a.email IS NOT NULL AS has_sign_in FROM family_member m JOIN account a ON a.id = m.user_id WHERE m.family_id = $1::uuid AND m.user_id = $2::uuid`,
      [family.familyId, userId],
    );
    if (!member) throw notFound("member");
    if (member.role === "child" && !member.has_sign_in) throw new IdentityError("conflict", CHILD_WITHOUT_SIGN_IN);
    await takeOutOfHousehold(tx, family.familyId, member.user_id, member.role, LAST_ADULT_REMOVED);
    await recordSecurityEvent(tx, { userId: member.user_id, type: "family_left", context, detail: { family_id: family.familyId, role: member.role, by: staffId } });
    return { user_id: member.user_id, status: "removed" as const };
  });
}
