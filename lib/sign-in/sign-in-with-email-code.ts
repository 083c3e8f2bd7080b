import "server-only";
import { AccountError } from "../accounts/errors.ts";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { clearAttempts } from "../limits/clear-attempts.ts";
import { ipFailureKey, signInAccountKey } from "../limits/keys.ts";
import { refundAttempt, takeAttemptOrThrow } from "../limits/take-attempt.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { rejectCode } from "../verification-codes/reject-code.ts";
import type { DeadCodeReason } from "../verification-codes/verification-code-rules.ts";
import { consumeVerificationCode } from "../verification-codes/verification-codes.ts";
import type { PendingEmailCode } from "./pending-email-code.ts";
import { lockAccountByEmail } from "../users/account-lock.ts";

const DEAD_CODE_MESSAGES: Partial<Record<DeadCodeReason, string>> = {
  expired: "That code has expired: codes work for 10 minutes. Ask for a new code.",
  used: "That code was already used. Ask for a new code.",
  exhausted: "That code was tried too many times. Ask for a new code.",
};

export type EmailCodeSignInResult =
  /** The code was all it takes: start the session (amr `otp`). */
  | { next: "signed_in"; userId: string }
  /** The account has a confirmed TOTP: ask for it (or a recovery code), as after a password. */
  | { next: "second_factor"; userId: string };

/**
 * The code step of "Email me a code". Wrong codes count against the same limits as wrong passwords: per
 * address (the password's own counter, so switching between the two gains nothing) and per IP; each code
 * has its own 5 tries, then it is dead. A code only works in the browser that asked for it (`binding`).
 *
 * The code proves the address, so an unconfirmed one becomes confirmed. Its password, if any, is removed
 * then: it was chosen by whoever registered without proving the address, who may not be this member (an
 * account pre-hijack: register someone's address, wait for them to confirm it, sign in with the password).
 */
export async function signInWithEmailCode(
  database: Database,
  input: { pending: PendingEmailCode; code: string; context: RequestContext },
  now = new Date(),
): Promise<EmailCodeSignInResult> {
  const { email, binding } = input.pending;
  const accountKey = signInAccountKey(email);
  const ipKey = ipFailureKey(input.context.ip);
  // Taken up front in one statement (lib/limits/take-attempt.ts); given back unless the code was refused.
  const attempt = await takeAttemptOrThrow(database, [accountKey, ipKey], now);

  const outcome = await consumeVerificationCode(database, { purpose: "email_sign_in", subject: email, binding }, input.code, now);
  if (outcome.outcome !== "accepted") {
    const account = await database.prisma.user.findUnique({ where: { email }, select: { id: true } });
    if (account) await recordSecurityEvent(database, { userId: account.id, type: "sign_in_failed", context: input.context, detail: { reason: "email_code" } });
    try {
      return await rejectCode(database, outcome, attempt, now, [accountKey]);
    } catch (error) {
      // Say which way a dead code is dead: the member's next step is the same (a new code), the reason not.
      const message = outcome.outcome === "dead" ? DEAD_CODE_MESSAGES[outcome.reason] : undefined;
      if (error instanceof AccountError && error.code === "code_expired" && message) throw new AccountError("code_expired", { message });
      throw error;
    }
  }
  // A code that was never sent (the address had no account that may sign in) guessed right: nothing to sign
  // in to, and nothing counted, as for any code that is not refused.
  if (outcome.sentTo !== email) {
    await refundAttempt(database, attempt, { now });
    throw new AccountError("code_expired");
  }

  const account = await database.transaction(async (tx) => {
    const row = await lockAccountByEmail(tx, email);
    if (!row) return null;
    if (!row.email_verified) {
      await tx.query(`UPDATE account SET email_verified_at = $2, password_hash = NULL WHERE id = $1`, [row.id, now]);
      await recordSecurityEvent(tx, { userId: row.id, type: "email_verified", context: input.context, detail: { via: "sign_in_code", password_removed: row.has_password } });
    }
    return { id: row.id, totpConfirmed: row.totp_confirmed };
  });
  if (!account) {
    await refundAttempt(database, attempt, { now });
    throw new AccountError("code_expired");
  }

  await clearAttempts(database, accountKey);
  await refundAttempt(database, attempt, { keys: [ipKey], now });
  if (account.totpConfirmed) return { next: "second_factor", userId: account.id };
  return { next: "signed_in", userId: account.id };
}
