import "server-only";
import type { Database } from "../db/database.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { assertChildBirthDate, childOfHouseholdOrThrow, lockAdultHouseholdOrThrow } from "./adult-household.ts";
import { FamilyChildSchema, type FamilyChild, type UpdateChildBody } from "./schemas.ts";

export const OWN_DETAILS = "a child who signs in keeps their own name and birth date; only the notes can be changed here";

/**
 * A child of this (locked) household changed, for an adult of it and for staff alike: a child with a
 * sign-in of their own keeps their name and birth date (`forbidden`); their notes can still be kept up to
 * date. Another household's child is `not_found`. The birth date was checked before.
 */
export async function changeChildOfHousehold(tx: Database, familyId: string, childId: string, body: UpdateChildBody): Promise<{ child: FamilyChild; changed: string[] }> {
  const child = await childOfHouseholdOrThrow(tx, familyId, childId);
  const hasSignIn = child.user.email !== null;
  if (hasSignIn && (body.given_name !== undefined || body.family_name !== undefined || body.birth_date !== undefined)) throw new IdentityError("forbidden", OWN_DETAILS);
  const account = await tx.prisma.user.update({
    where: { id: childId },
    data: { givenName: body.given_name, familyName: body.family_name, birthDate: body.birth_date },
    select: { givenName: true, familyName: true, birthDate: true },
  });
  const member = await tx.prisma.familyMember.update({
    where: { familyId_userId: { familyId, userId: childId } },
    data: { notes: body.notes },
    select: { notes: true },
  });
  return {
    child: FamilyChildSchema.parse({
      user_id: childId,
      given_name: account.givenName,
      family_name: account.familyName,
      birth_date: account.birthDate,
      notes: member.notes,
      has_sign_in: hasSignIn,
    }),
    changed: Object.keys(body),
  };
}

/**
 * PATCH /api/v1/families/me/children/{childId}: an adult of the household changes a child's name, birth
 * date or notes (changeChildOfHousehold's rules).
 */
export async function updateChildOrThrow(database: Database, userId: string, childId: string, body: UpdateChildBody, context: RequestContext, now = new Date()): Promise<FamilyChild> {
  if (!isUuid(childId)) throw notFound("child");
  if (body.birth_date !== undefined) assertChildBirthDate(body.birth_date, now);
  return database.transaction(async (tx) => {
    const { familyId } = await lockAdultHouseholdOrThrow(tx, userId);
    const { child, changed } = await changeChildOfHousehold(tx, familyId, childId, body);
    const childName = `${child.given_name} ${child.family_name}`;
    await recordSecurityEvent(tx, { userId, type: "family_child_updated", context, detail: { family_id: familyId, child_id: childId, child_name: childName, changed } });
    await recordSecurityEvent(tx, { userId: childId, type: "family_child_updated", context, detail: { family_id: familyId, changed_by: userId, changed } });
    return child;
  });
}
