import "server-only";
import { recipientLocale } from "../accounts/recipient-locale.ts";
import { limitCodeSend, codeSendKeys } from "../contacts/limit-code-sends.ts";
import { checkContactCode } from "../contacts/check-contact-code.ts";
import { maskEmail } from "../contacts/mask-contact.ts";
import type { Database } from "../db/database.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { enqueueMessage } from "../outbox/enqueue-message.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { enqueueSecurityNotice } from "../security-notices/enqueue-security-notice.ts";
import { issueVerificationCode } from "../verification-codes/verification-codes.ts";
import { lockAccountOrThrow } from "./account-lock.ts";
import { emailAlreadyInUseEmail, emailChangeCodeEmail } from "./email-change-messages.ts";
import type { EmailChangeResult } from "./schemas.ts";

export const EMAIL_CHANGE_PURPOSE = "email_change";

/**
 * POST /api/v1/users/me/email: a member (after a recent sign-in) asks to sign in with another address. A
 * 6-digit code goes to the new address; the account changes only when it comes back (verifyMyNewEmail), so
 * nobody can move an account to an address they do not read. An address that already has an account gets
 * a note instead of a code, and the answer is the same, so the page does not tell which addresses have
 * accounts. Asking again replaces the code, under the same send limits as a recovery contact's.
 */
export async function startEmailChange(database: Database, userId: string, newEmail: string, context: RequestContext, now = new Date()): Promise<{ status: "ok" }> {
  const account = await database.prisma.user.findUnique({ where: { id: userId }, select: { email: true, givenName: true, locale: true } });
  if (!account) throw notFound("user");
  if (account.email === newEmail) throw new IdentityError("invalid_request", "email: is already the address you sign in with");
  const sendKeys = codeSendKeys({ purpose: EMAIL_CHANGE_PURPOSE, target: newEmail, userId, ip: context.ip });
  await limitCodeSend(database, sendKeys, now, () =>
    database.transaction(async (tx) => {
      const taken = await tx.prisma.user.findUnique({ where: { email: newEmail }, select: { id: true, locale: true } });
      if (taken) return enqueueMessage(tx, emailAlreadyInUseEmail(newEmail, await recipientLocale(tx, taken.locale)));
      const code = await issueVerificationCode(tx, { purpose: EMAIL_CHANGE_PURPOSE, subject: userId, binding: "", sentTo: newEmail }, now);
      return enqueueMessage(tx, emailChangeCodeEmail(newEmail, account.givenName, code, await recipientLocale(tx, account.locale)));
    }),
  );
  return { status: "ok" };
}

/**
 * POST /api/v1/users/me/email/verify: the right code makes its address the account's sign-in address
 * (verified: `email`, `email_verified: true` in the `email` scope's claims), logs it, and tells the old
 * address, which could otherwise lose the account without knowing. A wrong code with tries left answers
 * `{ verified: false }`; out of tries, expired or never sent as for a recovery contact's code. An address
 * another account took in the meantime is a `conflict`.
 */
export async function verifyMyNewEmail(database: Database, userId: string, code: string, context: RequestContext, now = new Date()): Promise<EmailChangeResult> {
  const check = await checkContactCode(
    database,
    { target: { purpose: EMAIL_CHANGE_PURPOSE, subject: userId, binding: "" }, code, context, resendKeys: codeSendKeys({ purpose: EMAIL_CHANGE_PURPOSE, userId, ip: context.ip }) },
    now,
  );
  if (!check.accepted) return { verified: false };
  const newEmail = check.sentTo;
  return database.transaction(async (tx) => {
    const account = await lockAccountOrThrow(tx, userId);
    const taken = await tx.prisma.user.findUnique({ where: { email: newEmail }, select: { id: true } });
    if (taken && taken.id !== userId) throw new IdentityError("conflict", "email: another account signs in with this address now");
    // Told before the change, so the notice goes to the address being replaced.
    await enqueueSecurityNotice(tx, { userId, kind: "email_changed", context, facts: { contact: maskEmail(newEmail) }, now });
    await tx.prisma.user.update({ where: { id: userId }, data: { email: newEmail, emailVerifiedAt: now }, select: { id: true } });
    await recordSecurityEvent(tx, { userId, type: "email_changed", context, detail: { from: account.email ? maskEmail(account.email) : null, to: maskEmail(newEmail) } });
    return { verified: true, email: newEmail };
  });
}
