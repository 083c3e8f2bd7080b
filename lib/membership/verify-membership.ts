import "server-only";
import { isUniqueViolation } from "../db/unique-violation.ts";
import { checkContactCode, wrongCodeDescription } from "../contacts/check-contact-code.ts";
import { codeSendKeys } from "../contacts/limit-code-sends.ts";
import { constantTimeEqual } from "../crypto/tokens.ts";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { MEMBERSHIP_PURPOSE, membershipCodeSubject } from "./challenge-membership.ts";
import { getMembershipRecordOrThrow } from "./get-membership-record-or-throw.ts";
import { ACCOUNT_ALREADY_LINKED, MEMBERSHIP_RECORD } from "./membership-errors.ts";
import type { MembershipLinked } from "./schemas.ts";

const EXPIRED = "code: has expired; ask for a new code";

/**
 * POST /api/v1/users/me/membership/verify (decisions.md part 3): the code sent to the record's contact on
 * file links the record to the member: 200 `{ status: "linked", membership_id }`. Codes as everywhere:
 * 6 digits, 10 minutes, 5 attempts (a wrong one is `invalid_request` saying the tries left, the fifth
 * kills it with `too_many_requests`). Already linked to the caller: the same 200, so a retry after a lost
 * answer is harmless. Linking closes the member's requests to staff.
 */
export async function verifyMembership(database: Database, userId: string, membershipId: string, code: string, context: RequestContext, now = new Date()): Promise<MembershipLinked> {
  const record = await getMembershipRecordOrThrow(database, userId, membershipId, { requireUnlinkedAccount: true });
  if (record.linkedToCaller) return { status: "linked", membership_id: record.id };

  const check = await checkContactCode(
    database,
    {
      target: { purpose: MEMBERSHIP_PURPOSE, subject: membershipCodeSubject(userId, record.id), binding: "" },
      code,
      context,
      resendKeys: codeSendKeys({ purpose: MEMBERSHIP_PURPOSE, target: record.contact?.value, userId, ip: context.ip }),
    },
    now,
  );
  if (!check.accepted) throw new IdentityError("invalid_request", wrongCodeDescription(check.attemptsLeft));
  // The code proves the contact it went to: if staff changed the record's contact since, it proves nothing.
  if (!record.contact || !constantTimeEqual(check.sentTo, record.contact.value)) throw new IdentityError("invalid_request", EXPIRED);

  try {
    await database.transaction(async (tx) => {
      const linked = await tx.prisma.membershipRecord.updateMany({
        where: { id: record.id, linkedUserId: null },
        data: { linkedUserId: userId, linkedAt: now },
      });
      // Claimed by someone else meanwhile (they proved it first).
      if (linked.count !== 1) throw notFound(MEMBERSHIP_RECORD);
      await tx.prisma.membershipLinkRequest.updateMany({ where: { userId, status: "pending" }, data: { status: "closed" } });
      await recordSecurityEvent(tx, { userId, type: "membership_linked", context, detail: { membership_id: record.id } });
    });
  } catch (error) {
    // The member linked another record meanwhile (from another device): one record per member.
    if (isUniqueViolation(error)) throw new IdentityError("conflict", ACCOUNT_ALREADY_LINKED);
    throw error;
  }
  return { status: "linked", membership_id: record.id };
}
