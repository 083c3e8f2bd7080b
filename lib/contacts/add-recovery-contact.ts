import "server-only";
import { recipientLocale } from "../accounts/recipient-locale.ts";
import { isUniqueViolation } from "../db/unique-violation.ts";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { IdentityError } from "../identity/errors.ts";
import { enqueueMessage } from "../outbox/enqueue-message.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { enqueueSecurityNotice } from "../security-notices/enqueue-security-notice.ts";
import { issueVerificationCode } from "../verification-codes/verification-codes.ts";
import { recoveryContactCodeMessage } from "./contact-messages.ts";
import type { ContactValue } from "./contact-value.ts";
import { codeSendKeys, limitCodeSend } from "./limit-code-sends.ts";
import { maskContact } from "./mask-contact.ts";
import { MAX_RECOVERY_CONTACTS, RECOVERY_CONTACT_STATUS, type RecoveryContactPending } from "./schemas.ts";
import { lockAccount } from "../users/account-lock.ts";

export const RECOVERY_CONTACT_PURPOSE = "recovery_contact_verification";

const ALREADY_ADDED = "value: is already one of your recovery contacts";
const IS_ACCOUNT_EMAIL = "value: is your account's own email address; a recovery contact must be another one";
const TOO_MANY = `you already have ${MAX_RECOVERY_CONTACTS} recovery contacts, the most allowed; remove one first`;

/**
 * POST /api/v1/users/me/recovery-contacts (decisions.md part 3): a new contact, `pending_verification`,
 * and a 6-digit code sent to it through the outbox, all in one transaction. The account row is locked
 * while the contacts are counted, so two requests at once cannot make a sixth. A value already on the
 * account (or the account's own email address) is a `conflict`. The send limits (limit-code-sends.ts)
 * are taken first, outside the transaction, as the counters live outside it; a refused request sent nothing
 * and its count is given back.
 */
export async function addRecoveryContact(
  database: Database,
  userId: string,
  contact: ContactValue,
  context: RequestContext,
  now = new Date(),
): Promise<RecoveryContactPending> {
  const sendKeys = codeSendKeys({ purpose: RECOVERY_CONTACT_PURPOSE, target: contact.value, userId, ip: context.ip });

  let result: { id: string };
  try {
    result = await limitCodeSend(database, sendKeys, now, () => database.transaction(async (tx) => {
      // The account row stays locked while its contacts are counted.
      const account = await lockAccount(tx, userId);
      if (!account) throw new IdentityError("not_found", "account not found");
      if (contact.channel === "email" && account.email === contact.value) throw new IdentityError("conflict", IS_ACCOUNT_EMAIL);
      const existing = await tx.prisma.recoveryContact.findMany({ where: { userId }, select: { value: true } });
      if (existing.some((row) => row.value === contact.value)) throw new IdentityError("conflict", ALREADY_ADDED);
      if (existing.length >= MAX_RECOVERY_CONTACTS) throw new IdentityError("conflict", TOO_MANY);

      const row = await tx.prisma.recoveryContact.create({
        data: { userId, channel: contact.channel, value: contact.value, status: RECOVERY_CONTACT_STATUS.pending, createdAt: now },
        select: { id: true },
      });
      const code = await issueVerificationCode(tx, { purpose: RECOVERY_CONTACT_PURPOSE, subject: row.id, binding: "", sentTo: contact.value }, now);
      await recordSecurityEvent(tx, {
        userId,
        type: "recovery_contact_added",
        context,
        detail: { channel: contact.channel, value: maskContact(contact.channel, contact.value) },
      });
      await enqueueMessage(tx, recoveryContactCodeMessage(contact.channel, contact.value, account.given_name, code, await recipientLocale(tx, account.locale)));
      // The account's own address hears of it too: a contact added by someone else is how accounts are taken.
      await enqueueSecurityNotice(tx, {
        userId,
        kind: "recovery_contact_added",
        context,
        facts: { contact: maskContact(contact.channel, contact.value) },
        now,
      });
      return { id: row.id };
    }));
  } catch (error) {
    // The same value added twice at once: the unique index decides, and the loser is told as above.
    if (isUniqueViolation(error)) throw new IdentityError("conflict", ALREADY_ADDED);
    throw error;
  }
  return { id: result.id, status: RECOVERY_CONTACT_STATUS.pending };
}
