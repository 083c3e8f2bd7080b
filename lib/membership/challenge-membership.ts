import "server-only";
import { recipientLocale } from "../accounts/recipient-locale.ts";
import { codeSendKeys, limitCodeSend } from "../contacts/limit-code-sends.ts";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import { attemptKey } from "../limits/keys.ts";
import type { AttemptPolicy } from "../limits/policies.ts";
import { enqueueMessage } from "../outbox/enqueue-message.ts";
import { issueVerificationCode } from "../verification-codes/verification-codes.ts";
import { getMembershipRecordOrThrow } from "./get-membership-record-or-throw.ts";
import { ALREADY_LINKED_TO_YOU, MEMBERSHIP_RECORD, NO_CONTACT_ON_FILE } from "./membership-errors.ts";
import { membershipCodeMessage } from "./membership-messages.ts";
import type { MembershipChallenge } from "./schemas.ts";

export const MEMBERSHIP_PURPOSE = "membership_link";

/** A code proves one member reads one record's contact: it is issued for the pair, useless for any other. */
export const membershipCodeSubject = (userId: string, membershipId: string) => `${userId}:${membershipId}`;

/**
 * Messages to one record's contact, whoever asks: 3 a day, then 1, 2, 4 … hours apart, at most a day. The
 * person on file gets a code they did not ask for only this often (issue 14, finding 5), however many
 * accounts ask. A send is counted after it went, so the third (two free, the policy's count) starts the wait.
 */
export const MEMBERSHIP_CHALLENGES_PER_RECORD: AttemptPolicy = { freeFailures: 2, baseDelaySeconds: 60 * 60, maxDelaySeconds: 24 * 60 * 60, windowSeconds: 24 * 60 * 60 };

/**
 * POST /api/v1/users/me/membership/challenge (decisions.md part 3): a 6-digit code to the record's contact
 * on file (its email, else its phone by SMS), through the outbox, whose wording tells its reader to ignore
 * it if they did not ask. Answers the contract's Acknowledgement only: not where the code went, not even
 * masked (issue 14, finding 5). Sending is limited per contact, per member, per IP address and per record;
 * asking again sends a new code and the earlier one stops working.
 */
export async function challengeMembership(database: Database, userId: string, membershipId: string, context: RequestContext, now = new Date()): Promise<MembershipChallenge> {
  const record = await getMembershipRecordOrThrow(database, userId, membershipId, { requireUnlinkedAccount: true });
  if (record.linkedToCaller) throw new IdentityError("conflict", ALREADY_LINKED_TO_YOU);
  const contact = record.contact;
  if (!contact) throw new IdentityError("conflict", NO_CONTACT_ON_FILE);
  const sendKeys = [
    ...codeSendKeys({ purpose: MEMBERSHIP_PURPOSE, target: contact.value, userId, ip: context.ip }),
    attemptKey("membership-challenge:record", record.id, MEMBERSHIP_CHALLENGES_PER_RECORD),
  ];

  await limitCodeSend(database, sendKeys, now, () =>
    database.transaction(async (tx) => {
      // Locked, so a record linked by someone else meanwhile sends nothing (FOR UPDATE: docs/decisions/0019, reason 2).
      const [row] = await tx.query<{ id: string }>(`SELECT id FROM membership_record WHERE id = $1 AND linked_user_id IS NULL FOR UPDATE`, [record.id]);
      if (!row) throw notFound(MEMBERSHIP_RECORD);
      const code = await issueVerificationCode(
        tx,
        { purpose: MEMBERSHIP_PURPOSE, subject: membershipCodeSubject(userId, record.id), binding: "", sentTo: contact.value },
        now,
      );
      // The record's contact may not be the member asking: the church's language, never the asker's.
      return enqueueMessage(tx, membershipCodeMessage(contact.channel, contact.value, code, await recipientLocale(tx, null)));
    }),
  );
  return { status: "ok" };
}
