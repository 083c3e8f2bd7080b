import "server-only";
import { issueVerificationCode } from "../accounts/verification-codes.ts";
import { assertCodeSendAllowed, codeSendKeys, countCodeSent } from "../contacts/limit-code-sends.ts";
import { maskContact } from "../contacts/mask-contact.ts";
import { db } from "../db.ts";
import type { RequestContext } from "../http/request-context.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import { deliverAfterCommit } from "../outbox/deliver-messages.ts";
import { enqueueMessage } from "../outbox/enqueue-message.ts";
import { getMembershipRecordOrThrow } from "./get-membership-record-or-throw.ts";
import { ALREADY_LINKED_TO_YOU, MEMBERSHIP_RECORD, NO_CONTACT_ON_FILE } from "./membership-errors.ts";
import { membershipCodeMessage } from "./membership-messages.ts";
import type { MembershipChallenge } from "./schemas.ts";

export const MEMBERSHIP_PURPOSE = "membership_link";

/** A code proves one member reads one record's contact: it is issued for the pair, useless for any other. */
export const membershipCodeSubject = (userId: string, membershipId: string) => `${userId}:${membershipId}`;

/**
 * POST /api/v1/users/me/membership/challenge (decisions.md part 3): a 6-digit code to the record's contact
 * on file (its email, else its phone by SMS), through the outbox. Answers the Acknowledgement with the
 * channel and the contact masked. Sending is limited per contact, per member and per IP address, as for
 * recovery contacts; asking again sends a new code and the earlier one stops working.
 */
export async function challengeMembership(userId: string, membershipId: string, context: RequestContext, now = new Date()): Promise<MembershipChallenge> {
  const record = await getMembershipRecordOrThrow(userId, membershipId, { requireUnlinkedAccount: true });
  if (record.linkedToCaller) throw new IdentityError("conflict", ALREADY_LINKED_TO_YOU);
  const contact = record.contact;
  if (!contact) throw new IdentityError("conflict", NO_CONTACT_ON_FILE);
  const sendKeys = codeSendKeys({ purpose: MEMBERSHIP_PURPOSE, target: contact.value, userId, ip: context.ip });
  await assertCodeSendAllowed(sendKeys, now);

  const messageId = await (await db()).$transaction(async (tx) => {
    // Locked, so a record linked by someone else meanwhile sends nothing.
    const [row] = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM membership_record WHERE id = ${record.id} AND linked_user_id IS NULL FOR UPDATE`;
    if (!row) throw notFound(MEMBERSHIP_RECORD);
    const code = await issueVerificationCode(
      tx,
      { purpose: MEMBERSHIP_PURPOSE, subject: membershipCodeSubject(userId, record.id), binding: "", sentTo: contact.value },
      now,
    );
    return enqueueMessage(tx, membershipCodeMessage(contact.channel, contact.value, code));
  });
  await countCodeSent(sendKeys, now);
  deliverAfterCommit([messageId]);
  return { status: "ok", channel: contact.channel, sent_to: maskContact(contact.channel, contact.value) };
}
