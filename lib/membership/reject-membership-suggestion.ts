import "server-only";
import type { Database } from "../db/database.ts";
import { notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { getMembershipSuggestionOrThrow } from "./get-membership-suggestion-or-throw.ts";
import { lockPendingSuggestionOrThrow } from "./lock-pending-suggestion-or-throw.ts";
import type { AdminMembershipSuggestion } from "./staff-schemas.ts";

/** POST /api/v1/admin/membership/suggestions/{id}/reject (membership:write): staff could not confirm it; the member may ask again. */
export async function rejectMembershipSuggestion(database: Database, staffId: string, requestId: string, context: RequestContext): Promise<AdminMembershipSuggestion> {
  if (!isUuid(requestId)) throw notFound("membership suggestion");
  await database.transaction(async (tx) => {
    const request = await lockPendingSuggestionOrThrow(tx, requestId);
    await tx.prisma.membershipLinkRequest.update({ where: { id: requestId }, data: { status: "rejected", decidedAt: new Date(), decidedBy: staffId }, select: { id: true } });
    await recordSecurityEvent(tx, { userId: request.user_id, type: "membership_link_rejected", context, detail: { membership_id: request.membership_id } });
  });
  return getMembershipSuggestionOrThrow(database, requestId);
}
