import "server-only";
import type { Database } from "../db/database.ts";
import { env } from "../env.ts";
import { requestGuardianshipsOnJoin } from "../guardians/guardianship-requests.ts";
import { isMinorOn, utcDate } from "../guardians/majority.ts";
import { IdentityError } from "../identity/errors.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { lockFamilyOrThrow } from "./adult-household.ts";
import type { FamilyRole } from "./schemas.ts";
import type { AddFamilyMemberBody, AdminFamilyMember } from "./staff-schemas.ts";
import { lockAccount } from "../users/account-lock.ts";

export const NO_SUCH_USER = "user_id: no such user";

/** Staff see which household holds the person, so the office can remove them there, or merge the two. */
export const inAnotherHousehold = (name: string) => `this person already belongs to another household (${name}): remove them there first, or merge the two households`;

/**
 * POST /api/v1/admin/families/{id}/members (families:write): an existing account joins the household, as
 * joining by code would make them one (docs/decisions/0013): `adult` or `child` by their birth date unless
 * staff say; `child` only for a minor. One household per person: a member of another is `conflict` naming
 * it; of this one already, the same 200 and nothing changes. Its adults and a minor who signs in are asked
 * about guardianship as on joining. The household's row, then the person's, are locked, as joining locks them.
 */
export async function addMemberForStaff(
  database: Database,
  staffId: string,
  familyId: string,
  body: AddFamilyMemberBody,
  context: RequestContext,
  now = new Date(),
): Promise<{ member: AdminFamilyMember; created: boolean }> {
  return database.transaction(async (tx) => {
    const family = await lockFamilyOrThrow(tx, familyId);
    const userId = body.user_id.toLowerCase();
    const account = await lockAccount(tx, userId);
    if (!account) throw new IdentityError("invalid_request", NO_SUCH_USER);
    const [membership] = await tx.query<{ family_id: string; name: string }>(
      `SELECT m.family_id::text AS family_id, f.name FROM family_member m JOIN family f ON f.id = m.family_id WHERE m.user_id = $1::uuid`,
      [userId],
    );
    let created = false;
    if (membership && membership.family_id !== family.familyId) throw new IdentityError("conflict", inAnotherHousehold(membership.name));
    if (!membership) {
      const minor = isMinorOn(account.birth_date, utcDate(now), env().AGE_OF_MAJORITY);
      if (body.role === "child" && !minor) throw new IdentityError("invalid_request", `role: only someone under ${env().AGE_OF_MAJORITY} by their birth date can be a child of a household`);
      const role: FamilyRole = body.role ?? (minor ? "child" : "adult");
      await tx.prisma.familyMember.create({ data: { familyId: family.familyId, userId, role, joinedAt: now }, select: { userId: true } });
      await recordSecurityEvent(tx, { userId, type: "family_joined", context, detail: { family_id: family.familyId, role, by: staffId } });
      await requestGuardianshipsOnJoin(tx, family.familyId, userId, role, context, now);
      created = true;
    }
    return { member: await memberForStaff(tx, family.familyId, userId), created };
  });
}

/** One member of a household as staff see them (AdminFamilyMember). */
export async function memberForStaff(tx: Database, familyId: string, userId: string): Promise<AdminFamilyMember> {
  const [row] = await tx.query<{ user_id: string; given_name: string; family_name: string; role: FamilyRole; joined_at: Date; has_sign_in: boolean; birth_date: string | null; notes: string | null }>(
    `SELECT a.id::text AS user_id, a.given_name, a.family_name, m.role, m.joined_at, a.email IS NOT NULL AS has_sign_in, a.birth_date,
            CASE WHEN m.role = 'child' THEN m.notes END AS notes
       FROM family_member m JOIN account a ON a.id = m.user_id WHERE m.family_id = $1::uuid AND m.user_id = $2::uuid`,
    [familyId, userId],
  );
  return { ...row!, joined_at: new Date(row!.joined_at).toISOString() };
}
