import "server-only";
import type { Database } from "../db/database.ts";
import { createGuardianship } from "../guardians/create-guardianship.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { assertChildBirthDate, lockAdultHouseholdOrThrow } from "./adult-household.ts";
import { FamilyChildSchema, type AddChildBody, type FamilyChild } from "./schemas.ts";

/**
 * The record of a child who does not sign in (an account without an email address or password), made a
 * `child` member of the household, in the caller's transaction with the household locked. The one way
 * such a child is made, for an adult of the household and for staff alike (docs/decisions/0013); the
 * birth date was checked (assertChildBirthDate) before.
 */
export async function insertChildOfHousehold(tx: Database, familyId: string, body: AddChildBody, now: Date): Promise<FamilyChild> {
  const child = await tx.prisma.user.create({
    data: { givenName: body.given_name, familyName: body.family_name, birthDate: body.birth_date },
    select: { id: true },
  });
  await tx.prisma.familyMember.create({ data: { familyId, userId: child.id, role: "child", joinedAt: now, notes: body.notes ?? null }, select: { userId: true } });
  return FamilyChildSchema.parse({
    user_id: child.id,
    given_name: body.given_name,
    family_name: body.family_name,
    birth_date: body.birth_date,
    notes: body.notes ?? null,
    has_sign_in: false,
  });
}

/**
 * POST /api/v1/families/me/children: an adult adds a child who does not sign in (an account without an
 * email address or password), to their household, and becomes the child's guardian (the `guardian` role
 * with it: docs/decisions/0013). Both security logs say so. Adults only; the child must be under the age
 * of majority.
 */
export async function addChild(database: Database, userId: string, body: AddChildBody, context: RequestContext, now = new Date()): Promise<FamilyChild> {
  assertChildBirthDate(body.birth_date, now);
  return database.transaction(async (tx) => {
    const { familyId } = await lockAdultHouseholdOrThrow(tx, userId);
    const child = await insertChildOfHousehold(tx, familyId, body, now);
    await createGuardianship(tx, userId, child.user_id, now);
    const childName = `${body.given_name} ${body.family_name}`;
    await recordSecurityEvent(tx, { userId, type: "family_child_added", context, detail: { family_id: familyId, child_id: child.user_id, child_name: childName } });
    await recordSecurityEvent(tx, { userId: child.user_id, type: "family_child_added", context, detail: { family_id: familyId, added_by: userId } });
    return child;
  });
}
