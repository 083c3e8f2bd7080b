import "server-only";
import { recipientLocale } from "../accounts/recipient-locale.ts";
import type { AppLocale } from "../kernel/locales.ts";
import { passwordResetCodeSms } from "../contacts/contact-messages.ts";
import { maskContact } from "../contacts/mask-contact.ts";
import { RECOVERY_CONTACT_STATUS } from "../contacts/schemas.ts";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { codeSendIpKey, codeSendTargetKey } from "../limits/keys.ts";
import { takeAttemptOrThrow } from "../limits/take-attempt.ts";
import { enqueueMessage } from "../outbox/enqueue-message.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import type { PendingCode } from "../verification-codes/pending-code.ts";
import { issueVerificationCode } from "../verification-codes/verification-codes.ts";
import { passwordResetTarget, type PasswordResetVia, type VerifiedRecoveryContact } from "./password-reset-channels.ts";
import { passwordResetCodeEmail } from "./password-reset-messages.ts";

/**
 * "Forgot password": sends a code to the account, or, for an address no account has, issues a code that
 * is never sent. Either way the member is sent to the code page and sees the same thing, so the form
 * cannot be used to find out who has an account. The code is not bound to the browser: whoever reads the
 * email may finish on any device.
 *
 * `via` sends the code to one of the account's verified recovery contacts instead (by email or SMS), which
 * the member types in full on the code page: nothing about the account is shown to someone who has proved
 * nothing (issue 14, finding 6). A value that is not one of the account's verified contacts gets nothing: a
 * decoy code is issued and the answer is the same.
 */
export async function requestPasswordReset(
  database: Database,
  input: { email: string; via?: PasswordResetVia; context: RequestContext; /** The page's language (issue 41). */ locale?: AppLocale | null },
  now = new Date(),
): Promise<PendingCode> {
  const sendKeys = [codeSendTargetKey("password_reset", input.email), codeSendIpKey(input.context.ip)];
  // Checked and counted in one statement (lib/limits/take-attempt.ts): every request counts.
  await takeAttemptOrThrow(database, sendKeys, now);

  await database.transaction(async (tx) => {
    const account = await tx.prisma.user.findUnique({ where: { email: input.email }, select: { id: true, email: true, givenName: true, locale: true } });
    const codeTarget = { purpose: "password_reset" as const, subject: input.email, binding: "" };
    if (!account?.email) {
      await issueVerificationCode(tx, { ...codeTarget, sentTo: "" }, now);
      return;
    }
    const via = input.via ?? { channel: "email" as const };
    const recoveryContacts =
      via.channel === "recovery_contact"
        ? ((await tx.prisma.recoveryContact.findMany({
            where: { userId: account.id, status: RECOVERY_CONTACT_STATUS.verified, value: via.value },
            select: { id: true, channel: true, value: true },
          })) as VerifiedRecoveryContact[])
        : [];
    const target = passwordResetTarget({ email: account.email, recoveryContacts }, via);
    if (!target) {
      await issueVerificationCode(tx, { ...codeTarget, sentTo: "" }, now);
      return;
    }
    const code = await issueVerificationCode(tx, { ...codeTarget, sentTo: target.recipient }, now);
    const detail = target.contact
      ? { via: "recovery_contact", channel: target.contact.channel, value: maskContact(target.contact.channel, target.contact.value) }
      : { via: "email" };
    await recordSecurityEvent(tx, { userId: account.id, type: "password_reset_requested", context: input.context, detail });
    const locale = await recipientLocale(tx, account.locale, input.locale);
    const message = target.channel === "sms" ? passwordResetCodeSms(target.recipient, code, locale) : passwordResetCodeEmail(target.recipient, account.givenName, code, locale);
    await enqueueMessage(tx, message);
  });
  return { purpose: "password_reset", email: input.email, binding: "" };
}
