import "server-only";
import type { Database } from "../db/database.ts";
import { dropGuardianRoleIfNoneLeft } from "../guardians/drop-guardian-role.ts";
import { notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { getGuardianshipForStaffOrThrow } from "./get-guardianship-for-staff-or-throw.ts";
import type { AdminGuardianship } from "./staff-schemas.ts";
import { lockAccount } from "../users/account-lock.ts";

/**
 * POST /api/v1/admin/guardianships/{id}/end (families:write): the guardian no longer acts for the dependant,
 * at once; a guardian left with no live guardianship loses the guardian role, as at coming of age. Ending
 * again changes nothing.
 */
export async function endGuardianshipForStaff(database: Database, staffId: string, id: string, context: RequestContext): Promise<AdminGuardianship> {
  if (!isUuid(id)) throw notFound("guardianship");
  await database.transaction(async (tx) => {
    const guardianship = await tx.prisma.guardianship.findUnique({ where: { id }, select: { guardianId: true, dependentId: true, endedAt: true } });
    if (!guardianship) throw notFound("guardianship");
    if (guardianship.endedAt) return;
    const { guardianId, dependentId } = guardianship;
    // The guardian's row first, as createGuardianship and the coming-of-age run lock it.
    await lockAccount(tx, guardianId);
    await tx.prisma.guardianship.updateMany({ where: { id, endedAt: null }, data: { endedAt: new Date() } });
    await dropGuardianRoleIfNoneLeft(tx, [guardianId]);
    for (const userId of [guardianId, dependentId]) {
      await recordSecurityEvent(tx, { userId, type: "guardianship_ended", context, detail: { guardian_id: guardianId, dependent_id: dependentId, by: staffId } });
    }
  });
  return getGuardianshipForStaffOrThrow(database, id);
}
