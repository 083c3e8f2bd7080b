import "server-only";
import type { Database } from "../db/database.ts";
import { IdentityError } from "../identity/errors.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { lockHouseholdOfMemberOrThrow } from "./adult-household.ts";
import type { LeftFamily } from "./schemas.ts";

export const LAST_ADULT = "the last adult cannot leave while the household has children: remove them, or invite another adult first";

/**
 * A member taken out of their (locked) household, whether they leave or staff remove them: its last adult
 * cannot go while children remain (`conflict` with `lastAdult`), so no child is left in a household nobody
 * answers for. Unanswered guardianship requests were about sharing this household: they go with the
 * member. Guardianships are not households: none ends (docs/decisions/0013). Answers how many members are left.
 */
export async function takeOutOfHousehold(tx: Database, familyId: string, userId: string, role: "adult" | "child", lastAdult: string): Promise<number> {
  const [counts] = await tx.query<{ adults: number; children: number }>(
    `SELECT count(*) FILTER (WHERE role = 'adult')::int AS adults, count(*) FILTER (WHERE role = 'child')::int AS children FROM family_member WHERE family_id = $1::uuid`,
    [familyId],
  );
  if (role === "adult" && counts!.adults === 1 && counts!.children > 0) throw new IdentityError("conflict", lastAdult);
  await tx.prisma.familyMember.delete({ where: { familyId_userId: { familyId, userId } }, select: { userId: true } });
  await tx.query(`DELETE FROM guardianship_request WHERE family_id = $1::uuid AND decision IS NULL AND (guardian_id = $2::uuid OR dependent_id = $2::uuid)`, [familyId, userId]);
  return counts!.adults + counts!.children - 1;
}

/**
 * DELETE /api/v1/families/me: the caller leaves their household (takeOutOfHousehold's rules). The last
 * member to leave takes the household (and its code) with them. The family row is locked, so two adults
 * leaving at once cannot both be "not last".
 */
export async function leaveFamily(database: Database, userId: string, context: RequestContext): Promise<LeftFamily> {
  return database.transaction(async (tx) => {
    const { familyId, role } = await lockHouseholdOfMemberOrThrow(tx, userId);
    const left = await takeOutOfHousehold(tx, familyId, userId, role, LAST_ADULT);
    if (left === 0) await tx.prisma.family.delete({ where: { id: familyId }, select: { id: true } });
    await recordSecurityEvent(tx, { userId, type: "family_left", context, detail: { family_id: familyId, role: role } });
    return { family_id: familyId, status: "left" as const };
  });
}
