import "server-only";
import type { Database } from "../db/database.ts";
import { IdentityError } from "../identity/errors.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { lockHouseholdOfMemberOrThrow } from "./adult-household.ts";
import type { LeftFamily } from "./schemas.ts";

export const LAST_ADULT = "the last adult cannot leave while the household has children: remove them, or invite another adult first";

/**
 * DELETE /api/v1/families/me: the caller leaves their household. Its last adult cannot while children
 * remain (`conflict`): a child is never left in a household nobody answers for. The last member to leave
 * takes the household (and its code) with them. Guardianships are not households: leaving ends none
 * (docs/decisions/0013). The family row is locked, so two adults leaving at once cannot both be "not last".
 */
export async function leaveFamily(database: Database, userId: string, context: RequestContext): Promise<LeftFamily> {
  return database.transaction(async (tx) => {
    const { familyId, role } = await lockHouseholdOfMemberOrThrow(tx, userId);
    const [counts] = await tx.query<{ adults: number; children: number }>(
      `SELECT count(*) FILTER (WHERE role = 'adult')::int AS adults, count(*) FILTER (WHERE role = 'child')::int AS children FROM family_member WHERE family_id = $1::uuid`,
      [familyId],
    );
    if (role === "adult" && counts!.adults === 1 && counts!.children > 0) throw new IdentityError("conflict", LAST_ADULT);
    await tx.prisma.familyMember.delete({ where: { familyId_userId: { familyId: familyId, userId } }, select: { userId: true } });
    // Unanswered guardianship requests were about sharing this household: they go with the member.
    await tx.query(`DELETE FROM guardianship_request WHERE family_id = $1::uuid AND decision IS NULL AND (guardian_id = $2::uuid OR dependent_id = $2::uuid)`, [familyId, userId]);
    if (counts!.adults + counts!.children === 1) await tx.prisma.family.delete({ where: { id: familyId }, select: { id: true } });
    await recordSecurityEvent(tx, { userId, type: "family_left", context, detail: { family_id: familyId, role: role } });
    return { family_id: familyId, status: "left" as const };
  });
}
