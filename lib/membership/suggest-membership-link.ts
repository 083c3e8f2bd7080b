import "server-only";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { IdentityError } from "../identity/errors.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { getMembershipRecordOrThrow } from "./get-membership-record-or-throw.ts";
import { ALREADY_LINKED_TO_YOU, tooManyOpenRequests } from "./membership-errors.ts";
import { MAX_OPEN_LINK_REQUESTS } from "./schemas.ts";
import { lockAccount } from "../users/account-lock.ts";

/**
 * POST /api/v1/users/me/membership/suggest (decisions.md part 3): files a request for church staff to link
 * the record to the member, for records whose contact on file the member cannot read (or that have none).
 * Idempotent: asking again for the same record changes nothing and answers the same. A member may have
 * 3 requests waiting at once, so nobody can flood the office's queue.
 */
export async function suggestMembershipLink(database: Database, userId: string, membershipId: string, context: RequestContext): Promise<{ status: "ok" }> {
  const record = await getMembershipRecordOrThrow(database, userId, membershipId, { requireUnlinkedAccount: true });
  if (record.linkedToCaller) throw new IdentityError("conflict", ALREADY_LINKED_TO_YOU);

  await database.transaction(async (tx) => {
    // The account row is locked while the waiting requests are counted: two requests at once cannot make a
    // fourth.
    await lockAccount(tx, userId);
    const existing = await tx.prisma.membershipLinkRequest.findUnique({
      where: { membershipId_userId: { membershipId: record.id, userId } },
      select: { status: true },
    });
    if (existing?.status === "pending") return;
    const open = await tx.prisma.membershipLinkRequest.count({ where: { userId, status: "pending" } });
    if (open >= MAX_OPEN_LINK_REQUESTS) throw new IdentityError("conflict", tooManyOpenRequests(MAX_OPEN_LINK_REQUESTS));
    await tx.prisma.membershipLinkRequest.upsert({
      where: { membershipId_userId: { membershipId: record.id, userId } },
      create: { membershipId: record.id, userId },
      update: { status: "pending", createdAt: new Date() },
      select: { id: true },
    });
    await recordSecurityEvent(tx, { userId, type: "membership_link_requested", context, detail: { membership_id: record.id } });
  });
  return { status: "ok" };
}
