import "server-only";
import type { Database } from "../db/database.ts";
import { createGuardianship } from "../guardians/create-guardianship.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { insertChildOfHousehold } from "./add-child.ts";
import { assertChildBirthDate, lockFamilyOrThrow } from "./adult-household.ts";
import { deleteChildOfHousehold } from "./remove-child-or-throw.ts";
import type { FamilyChild, RemovedChild, UpdateChildBody } from "./schemas.ts";
import { householdMemberIds, logForEach } from "./staff-household-log.ts";
import type { AdminAddChildBody } from "./staff-schemas.ts";
import { changeChildOfHousehold } from "./update-child-or-throw.ts";

/**
 * The staff versions of the household adults' children routes (docs/decisions/0013): the same rules, through
 * the same helpers (insertChildOfHousehold, changeChildOfHousehold, deleteChildOfHousehold), on a household
 * named by its id and locked as the members' routes lock it. A child of another household is `not_found`,
 * never changed. The household's adults' logs and the child's say what staff did (`by`).
 */

export const GUARDIANS_ADULTS_ONLY = "guardian_ids: must be adults of this household";

/** POST /api/v1/admin/families/{id}/children (families:write): a child without a sign-in, and the adults named as guardians. */
export async function addChildForStaff(database: Database, staffId: string, familyId: string, body: AdminAddChildBody, context: RequestContext, now = new Date()): Promise<FamilyChild> {
  assertChildBirthDate(body.birth_date, now);
  return database.transaction(async (tx) => {
    const family = await lockFamilyOrThrow(tx, familyId);
    const adults = await householdMemberIds(tx, family.familyId, "adult");
    const guardianIds = [...new Set((body.guardian_ids ?? []).map((id) => id.toLowerCase()))];
    if (guardianIds.some((id) => !adults.includes(id))) throw new IdentityError("invalid_request", GUARDIANS_ADULTS_ONLY);
    const child = await insertChildOfHousehold(tx, family.familyId, { given_name: body.given_name, family_name: body.family_name, birth_date: body.birth_date, notes: body.notes }, now);
    for (const guardianId of guardianIds) {
      await createGuardianship(tx, guardianId, child.user_id, now);
      await logForEach(tx, [guardianId, child.user_id], "guardianship_created", context, { guardian_id: guardianId, dependent_id: child.user_id }, staffId);
    }
    const childName = `${child.given_name} ${child.family_name}`;
    await logForEach(tx, adults, "family_child_added", context, { family_id: family.familyId, child_id: child.user_id, child_name: childName }, staffId);
    await logForEach(tx, [child.user_id], "family_child_added", context, { family_id: family.familyId }, staffId);
    return child;
  });
}

/** PATCH /api/v1/admin/families/{id}/children/{childId} (families:write): names, birth date, notes. */
export async function updateChildForStaff(database: Database, staffId: string, familyId: string, childId: string, body: UpdateChildBody, context: RequestContext, now = new Date()): Promise<FamilyChild> {
  return database.transaction(async (tx) => {
    const family = await lockFamilyOrThrow(tx, familyId);
    if (!isUuid(childId)) throw notFound("child");
    if (body.birth_date !== undefined) assertChildBirthDate(body.birth_date, now);
    const { child, changed } = await changeChildOfHousehold(tx, family.familyId, childId, body);
    const childName = `${child.given_name} ${child.family_name}`;
    await logForEach(tx, await householdMemberIds(tx, family.familyId, "adult"), "family_child_updated", context, { family_id: family.familyId, child_id: childId, child_name: childName, changed }, staffId);
    await logForEach(tx, [childId], "family_child_updated", context, { family_id: family.familyId, changed }, staffId);
    return child;
  });
}

/** DELETE /api/v1/admin/families/{id}/children/{childId} (families:write): a child without a sign-in, their record and all on it. */
export async function removeChildForStaff(database: Database, staffId: string, familyId: string, childId: string, context: RequestContext): Promise<RemovedChild> {
  await database.transaction(async (tx) => {
    const family = await lockFamilyOrThrow(tx, familyId);
    if (!isUuid(childId)) throw notFound("child");
    const childName = await deleteChildOfHousehold(tx, family.familyId, childId);
    await logForEach(tx, await householdMemberIds(tx, family.familyId, "adult"), "family_child_removed", context, { family_id: family.familyId, child_id: childId, child_name: childName }, staffId);
  });
  return { user_id: childId.toLowerCase(), status: "removed" };
}
