import "server-only";
import { recipientLocale } from "../accounts/recipient-locale.ts";
import type { AppLocale } from "../kernel/locales.ts";
import { AccountError } from "../accounts/errors.ts";
import { hashPassword } from "../crypto/password.ts";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { clearAttempts } from "../limits/clear-attempts.ts";
import { refundAttempt, takeAttemptOrThrow } from "../limits/take-attempt.ts";
import { codeGuessKey, ipFailureKey, signInAccountKey } from "../limits/keys.ts";
import { assertNewPasswordAllowed } from "../passwords/check-new-password.ts";
import { revokeGrants } from "../oauth/grants/revoke-grants.ts";
import { enqueueMessage } from "../outbox/enqueue-message.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { rejectCode } from "../verification-codes/reject-code.ts";
import { consumeVerificationCode } from "../verification-codes/verification-codes.ts";
import { passwordChangedEmail } from "./password-reset-messages.ts";

/**
 * Sets a new password with the code from "forgot password". Wrong codes count per address across every code
 * sent to it (5 free, then growing delays) as well as per IP. Every session of the member is ended (their
 * grants with them) in the transaction that changes the password, because whoever knew the old password may
 * be signed in somewhere; the member is told by email and signs in again with the new password (and their
 * second factor, if any).
 */
export async function resetPassword(
  database: Database,
  input: { email: string; code: string; password: string; context: RequestContext; /** The page's language (issue 41). */ locale?: AppLocale | null },
  now = new Date(),
): Promise<{ userId: string }> {
  const accountKey = codeGuessKey("password_reset", input.email);
  const ipKey = ipFailureKey(input.context.ip);
  // Taken up front in one statement (lib/limits/take-attempt.ts); given back unless the code was refused.
  const attempt = await takeAttemptOrThrow(database, [ipKey, accountKey], now);
  // Before the code is tried, so a refused password does not use up the code (nor count). Judged by the
  // typed address alone: the account's names would make the answer differ for addresses that have an account.
  try {
    assertNewPasswordAllowed(input.password, { email: input.email });
  } catch (error) {
    await refundAttempt(database, attempt, { now });
    throw error;
  }
  const outcome = await consumeVerificationCode(database, { purpose: "password_reset", subject: input.email, binding: "" }, input.code, now);
  if (outcome.outcome !== "accepted") return rejectCode(database, outcome, attempt, now, [accountKey]);

  const passwordHash = await hashPassword(input.password);
  const changed = await database.transaction(async (tx) => {
    const account = await tx.prisma.user.findUnique({ where: { email: input.email }, select: { id: true, givenName: true, emailVerifiedAt: true, locale: true } });
    // A decoy code (never sent) guessed right: there is no account to change.
    if (!account) return null;
    // The code went to the account's address, so using it proves that address too.
    const provesEmail = outcome.sentTo === input.email;
    await tx.prisma.user.update({
      where: { id: account.id },
      data: { passwordHash, ...(provesEmail && !account.emailVerifiedAt ? { emailVerifiedAt: now } : {}) },
      select: { id: true },
    });
    await recordSecurityEvent(tx, { userId: account.id, type: "password_changed", context: input.context, detail: { via: "reset_code" } });
    const messageId = await enqueueMessage(tx, passwordChangedEmail(input.email, account.givenName, await recipientLocale(tx, account.locale, input.locale)));
    await revokeGrants(tx, { sessionsOf: account.id, except: null }, "session_revoked");
    return { userId: account.id, messageId };
  });
  if (!changed) {
    await refundAttempt(database, attempt, { now });
    throw new AccountError("code_expired");
  }

  await clearAttempts(database, signInAccountKey(input.email));
  await clearAttempts(database, accountKey);
  await refundAttempt(database, attempt, { keys: [ipKey], now });
  return { userId: changed.userId };
}
