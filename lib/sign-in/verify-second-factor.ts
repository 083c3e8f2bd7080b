import "server-only";
import { AccountError } from "../accounts/errors.ts";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { clearAttempts } from "../limits/clear-attempts.ts";
import { TooManyAttemptsError } from "../limits/errors.ts";
import { ipFailureKey, secondFactorAccountKey } from "../limits/keys.ts";
import { refundAttempt, takeAttemptOrThrow } from "../limits/take-attempt.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { isRecoveryCodeShape, isTotpCodeShape } from "./recovery-code-format.ts";
import { redeemRecoveryCode } from "./redeem-recovery-code.ts";
import { verifyTotpCode } from "./verify-totp-code.ts";

export type SecondFactorMethod = "totp" | "recovery_code";

/**
 * The second step of sign-in for members with a confirmed TOTP: a 6-digit code from their app, or one
 * of their recovery codes, typed in the same field and told apart by shape. Guesses are limited per
 * account (across every half-finished sign-in) and per IP, like passwords.
 */
export async function verifySecondFactor(
  database: Database,
  input: { userId: string; code: string; context: RequestContext },
  now = new Date(),
): Promise<SecondFactorMethod> {
  const accountKey = secondFactorAccountKey(input.userId);
  const ipKey = ipFailureKey(input.context.ip);
  // Taken up front in one statement (lib/limits/take-attempt.ts); a right code gives it back.
  const attempt = await takeAttemptOrThrow(database, [accountKey, ipKey], now);

  let method: SecondFactorMethod | null = null;
  let remaining: number | undefined;
  if (isTotpCodeShape(input.code)) {
    if (await verifyTotpCode(database, input.userId, input.code.replace(/\s/g, ""), now)) method = "totp";
  } else if (isRecoveryCodeShape(input.code)) {
    const redeemed = await redeemRecoveryCode(database, input.userId, input.code, now);
    if (redeemed) {
      method = "recovery_code";
      remaining = redeemed.remaining;
    }
  }

  if (!method) {
    const reason = isTotpCodeShape(input.code) ? "totp" : "recovery_code";
    await recordSecurityEvent(database, { userId: input.userId, type: "sign_in_failed", context: input.context, detail: { reason } });
    if (attempt.retryAfterSeconds > 0) throw new TooManyAttemptsError(attempt.retryAfterSeconds);
    throw new AccountError("invalid_second_factor");
  }

  await clearAttempts(database, accountKey);
  await refundAttempt(database, attempt, { keys: [ipKey], now });
  if (method === "recovery_code") {
    await recordSecurityEvent(database, { userId: input.userId, type: "recovery_code_used", context: input.context, detail: { remaining: remaining ?? 0 } });
  }
  return method;
}
