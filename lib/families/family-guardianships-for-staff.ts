import "server-only";
import type { Database } from "../db/database.ts";
import { IdentityError } from "../identity/errors.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { isoTimestamp } from "../staff-lists/paging.ts";
import { lockFamilyOrThrow } from "./adult-household.ts";
import { recordGuardianshipForStaff } from "./create-guardianship-for-staff.ts";
import { getFamilyForStaffOrThrow } from "./get-family-for-staff-or-throw.ts";
import { getGuardianshipForStaffOrThrow } from "./get-guardianship-for-staff-or-throw.ts";
import { GUARDIANSHIP_FROM, STAFF_GUARDIANSHIP_JSON } from "./staff-guardianship-sql.ts";
import type { AdminFamilyGuardianships, AdminGuardianship, AdminGuardianshipRequest } from "./staff-schemas.ts";

export const DEPENDENT_NOT_IN_HOUSEHOLD = "dependent_id: must be a member of this household";

/**
 * GET /api/v1/admin/families/{id}/guardianships (families:read): the guardianships where the guardian or the
 * dependant is a member of the household (live first), and its requests waiting for a minor's answer.
 */
export async function listFamilyGuardianshipsForStaff(database: Database, familyId: string): Promise<AdminFamilyGuardianships> {
  await getFamilyForStaffOrThrow(database, familyId);
  const guardianships = await database.query<{ json: string }>(
    `SELECT ${STAFF_GUARDIANSHIP_JSON} FROM ${GUARDIANSHIP_FROM}
      WHERE EXISTS (SELECT 1 FROM family_member m WHERE m.family_id = $1::uuid AND m.user_id IN (g.guardian_id, g.dependent_id))
      ORDER BY g.ended_at IS NOT NULL, g.created_at DESC, g.id`,
    [familyId],
  );
  const requests = await database.query<{ json: string }>(
    `SELECT json_build_object(
       'id', r.id,
       'guardian', json_build_object('id', ga.id, 'email', ga.email, 'given_name', ga.given_name, 'family_name', ga.family_name),
       'dependent', json_build_object('id', da.id, 'email', da.email, 'given_name', da.given_name, 'family_name', da.family_name, 'birth_date', da.birth_date),
       'requested_at', ${isoTimestamp("r.created_at")}
     )::text AS json
       FROM guardianship_request r JOIN account ga ON ga.id = r.guardian_id JOIN account da ON da.id = r.dependent_id
      WHERE r.family_id = $1::uuid AND r.decision IS NULL ORDER BY r.created_at, r.id`,
    [familyId],
  );
  return {
    guardianships: guardianships.map((row) => JSON.parse(row.json) as AdminGuardianship),
    requests: requests.map((row) => JSON.parse(row.json) as AdminGuardianshipRequest),
  };
}

/**
 * POST /api/v1/admin/families/{id}/guardianships (families:write): staff record a guardian for a minor of
 * this household (the guardian may live elsewhere), by the rules of POST /api/v1/admin/guardianships; a
 * request of the pair still waiting for the minor's answer is confirmed by it (docs/decisions/0013: staff
 * may). A dependant who is not a member of this household is refused, naming the field.
 */
export async function recordFamilyGuardianshipForStaff(
  database: Database,
  staffId: string,
  familyId: string,
  guardianId: string,
  dependentId: string,
  context: RequestContext,
): Promise<{ guardianship: AdminGuardianship; created: boolean }> {
  const now = new Date();
  const created = await database.transaction(async (tx) => {
    const family = await lockFamilyOrThrow(tx, familyId);
    const member = await tx.prisma.familyMember.findFirst({ where: { familyId: family.familyId, userId: dependentId }, select: { userId: true } });
    if (!member) throw new IdentityError("invalid_request", DEPENDENT_NOT_IN_HOUSEHOLD);
    return recordGuardianshipForStaff(tx, staffId, guardianId, dependentId, context, now);
  });
  const row = await database.prisma.guardianship.findUniqueOrThrow({ where: { guardianId_dependentId: { guardianId, dependentId } }, select: { id: true } });
  return { guardianship: await getGuardianshipForStaffOrThrow(database, row.id), created };
}
