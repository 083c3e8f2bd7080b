import "server-only";
import { isUniqueViolation } from "../db/unique-violation.ts";
import type { Database } from "../db/database.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { getMembershipSuggestionOrThrow } from "./get-membership-suggestion-or-throw.ts";
import { lockPendingSuggestionOrThrow } from "./lock-pending-suggestion-or-throw.ts";
import type { AdminMembershipSuggestion } from "./staff-schemas.ts";

/**
 * POST /api/v1/admin/membership/suggestions/{id}/approve (membership:write): links the record to the member
 * who asked, exactly as a member's own code would (./verify-membership.ts): one record per member, one
 * member per record. The request row is locked, then the record is linked only while it is still unlinked;
 * the member's unique link is the database's to enforce. The member's other waiting requests, and other
 * members' requests for this record, are closed: both are settled now.
 */
export async function approveMembershipSuggestion(database: Database, staffId: string, requestId: string, context: RequestContext): Promise<AdminMembershipSuggestion> {
  if (!isUuid(requestId)) throw notFound("membership suggestion");
  const now = new Date();
  try {
    await database.transaction(async (tx) => {
      const request = await lockPendingSuggestionOrThrow(tx, requestId);
      const linked = await tx.prisma.membershipRecord.updateMany({
        where: { id: request.membership_id, linkedUserId: null },
        data: { linkedUserId: request.user_id, linkedAt: now },
      });
      if (linked.count !== 1) throw new IdentityError("conflict", "the record is already linked to an account");
      await tx.prisma.membershipLinkRequest.update({ where: { id: requestId }, data: { status: "approved", decidedAt: now, decidedBy: staffId }, select: { id: true } });
      await tx.prisma.membershipLinkRequest.updateMany({
        where: { status: "pending", OR: [{ userId: request.user_id }, { membershipId: request.membership_id }] },
        data: { status: "closed", decidedAt: now },
      });
      await recordSecurityEvent(tx, { userId: request.user_id, type: "membership_linked", context, detail: { membership_id: request.membership_id, by: "staff" } });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new IdentityError("conflict", "the member is already linked to another record");
    throw error;
  }
  return getMembershipSuggestionOrThrow(database, requestId);
}
