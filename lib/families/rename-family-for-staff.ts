import "server-only";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { lockFamilyOrThrow } from "./adult-household.ts";
import { getFamilyForStaffOrThrow } from "./get-family-for-staff-or-throw.ts";
import { householdMemberIds, logForEach } from "./staff-household-log.ts";
import type { AdminFamilyDetail } from "./staff-schemas.ts";

/** PATCH /api/v1/admin/families/{id} (families:write): a new name, which every member's log records. The same name again changes nothing. */
export async function renameFamilyForStaff(database: Database, staffId: string, familyId: string, name: string, context: RequestContext): Promise<AdminFamilyDetail> {
  return database.transaction(async (tx) => {
    const family = await lockFamilyOrThrow(tx, familyId);
    if (family.name !== name) {
      await tx.prisma.family.update({ where: { id: family.familyId }, data: { name }, select: { id: true } });
      await logForEach(tx, await householdMemberIds(tx, family.familyId), "family_renamed", context, { family_id: family.familyId, name }, staffId);
    }
    return getFamilyForStaffOrThrow(tx, family.familyId);
  });
}
