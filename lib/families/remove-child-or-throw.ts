import "server-only";
import type { Database } from "../db/database.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import { dropGuardianRoleIfNoneLeft } from "../guardians/drop-guardian-role.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { childOfHouseholdOrThrow, lockAdultHouseholdOrThrow } from "./adult-household.ts";
import type { RemovedChild } from "./schemas.ts";
import { lockAccounts } from "../users/account-lock.ts";

export const CHILD_SIGNS_IN = "a child who signs in leaves the household themselves, or church staff move them";

/**
 * A child of this (locked) household who does not sign in, deleted, for an adult of it and for staff
 * alike. Such a child exists only as the household's record, so the record goes with everything that
 * hangs on it (guardianships, pickup list, the security log); a guardian left guarding nobody loses the
 * role. A child with a sign-in of their own is a member in their own right (`forbidden`); another
 * household's is `not_found`. Answers the child's name, for the logs of who did it.
 */
export async function deleteChildOfHousehold(tx: Database, familyId: string, childId: string): Promise<string> {
  const child = await childOfHouseholdOrThrow(tx, familyId, childId);
  if (child.user.email !== null) throw new IdentityError("forbidden", CHILD_SIGNS_IN);
  // Its guardians' rows first, as createGuardianship locks them; then they keep the guardian role only
  // while they still guard someone.
  const guardianships = await tx.prisma.guardianship.findMany({ where: { dependentId: childId }, select: { guardianId: true } });
  const guardians = await lockAccounts(tx, guardianships.map((guardianship) => guardianship.guardianId));
  await tx.prisma.user.delete({ where: { id: childId }, select: { id: true } });
  await dropGuardianRoleIfNoneLeft(tx, guardians.map((guardian) => guardian.id));
  return `${child.user.givenName} ${child.user.familyName}`;
}

/**
 * DELETE /api/v1/families/me/children/{childId}: an adult removes a child they added, one who does not
 * sign in (deleteChildOfHousehold's rules); the adult's log keeps that they did it.
 */
export async function removeChildOrThrow(database: Database, userId: string, childId: string, context: RequestContext): Promise<RemovedChild> {
  if (!isUuid(childId)) throw notFound("child");
  await database.transaction(async (tx) => {
    const { familyId } = await lockAdultHouseholdOrThrow(tx, userId);
    const childName = await deleteChildOfHousehold(tx, familyId, childId);
    await recordSecurityEvent(tx, { userId, type: "family_child_removed", context, detail: { family_id: familyId, child_id: childId, child_name: childName } });
  });
  return { user_id: childId, status: "removed" };
}
