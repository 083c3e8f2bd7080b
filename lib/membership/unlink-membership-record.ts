import "server-only";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { getMembershipRecordForStaffOrThrow } from "./get-membership-record-for-staff-or-throw.ts";
import { lockMembershipRecordOrThrow } from "./lock-membership-record-or-throw.ts";
import type { AdminMembershipRecord } from "./staff-schemas.ts";

/**
 * POST /api/v1/admin/membership/records/{id}/unlink (membership:write): the record no longer belongs to the
 * account linked to it (linked to the wrong person, or a shared family address claimed by the wrong one).
 * The record is locked, unlinked, and the member's security log says staff did it, in one transaction; the
 * member may claim a record again, this one or another. A record that is not linked is answered unchanged
 * (a retried click is harmless), and nothing is logged.
 */
export async function unlinkMembershipRecord(database: Database, staffId: string, membershipId: string, context: RequestContext): Promise<AdminMembershipRecord> {
  await database.transaction(async (tx) => {
    const record = await lockMembershipRecordOrThrow(tx, membershipId);
    if (!record.linked_user_id) return;
    await tx.prisma.membershipRecord.update({ where: { id: membershipId }, data: { linkedUserId: null, linkedAt: null }, select: { id: true } });
    await recordSecurityEvent(tx, { userId: record.linked_user_id, type: "membership_unlinked", context, detail: { membership_id: membershipId, by: staffId } });
  });
  return getMembershipRecordForStaffOrThrow(database, membershipId);
}
