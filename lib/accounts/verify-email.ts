import "server-only";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { clearAttempts } from "../limits/clear-attempts.ts";
import { codeGuessKey, ipFailureKey } from "../limits/keys.ts";
import { refundAttempt, takeAttemptOrThrow } from "../limits/take-attempt.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import type { PendingCode } from "../verification-codes/pending-code.ts";
import { rejectCode } from "../verification-codes/reject-code.ts";
import { consumeVerificationCode } from "../verification-codes/verification-codes.ts";
import { AccountError } from "./errors.ts";

export interface VerifiedEmail {
  userId: string;
  /** True when the account also has a confirmed TOTP: then the member must sign in with it instead. */
  needsSecondFactor: boolean;
}

/**
 * Confirms an address with the code sent to it. Only works in the browser that registered (its sealed
 * cookie holds the code's binding). Wrong codes count toward the code's 5 attempts and, across every code
 * sent to the address, toward its own counter; the answer is the same for every address, so it does not
 * tell whether an account exists.
 */
export async function verifyEmail(
  database: Database,
  input: { email: string; code: string; pending: PendingCode | null; context: RequestContext },
  now = new Date(),
): Promise<VerifiedEmail> {
  const { pending } = input;
  if (!pending || pending.purpose !== "email_verification" || pending.email !== input.email) {
    throw new AccountError("verification_expired");
  }
  const addressKey = codeGuessKey("email_verification", input.email);
  const ipKey = ipFailureKey(input.context.ip);
  // Taken up front in one statement (lib/limits/take-attempt.ts); given back unless the code was refused.
  const attempt = await takeAttemptOrThrow(database, [ipKey, addressKey], now);

  const outcome = await consumeVerificationCode(database, { purpose: "email_verification", subject: input.email, binding: pending.binding }, input.code, now);
  if (outcome.outcome !== "accepted") return rejectCode(database, outcome, attempt, now, [addressKey]);

  const verified = await database.transaction(async (tx) => {
    const account = await tx.prisma.user.findUnique({
      where: { email: input.email },
      select: { id: true, emailVerifiedAt: true, totp: { select: { status: true } } },
    });
    // A decoy code (never sent) guessed right, or an address confirmed meanwhile: nothing to confirm.
    if (!account || account.emailVerifiedAt) return null;
    await tx.prisma.user.update({ where: { id: account.id }, data: { emailVerifiedAt: now }, select: { id: true } });
    await recordSecurityEvent(tx, { userId: account.id, type: "email_verified", context: input.context });
    return { userId: account.id, needsSecondFactor: account.totp?.status === "confirmed" };
  });
  if (!verified) {
    await refundAttempt(database, attempt, { now });
    throw new AccountError("code_expired");
  }
  await clearAttempts(database, addressKey);
  await refundAttempt(database, attempt, { keys: [ipKey], now });
  return verified;
}
