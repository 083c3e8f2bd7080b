import "server-only";
import type { Database } from "../db/database.ts";
import { IdentityError, tooManyRequests } from "../identity/errors.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { clearAttempts } from "../limits/clear-attempts.ts";
import { ipFailureKey, secondFactorAccountKey } from "../limits/keys.ts";
import { refundAttempt, takeAttempt } from "../limits/take-attempt.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";

export type MfaAction = "confirm" | "disable" | "regenerate_recovery_codes";

/**
 * Runs one code check of a TOTP change under the same attempt limits as the sign-in's second step: the
 * account's budget is shared, so a stolen access token cannot guess codes here that sign-in would have
 * slowed down. `check` answers null for a wrong code; errors it throws (e.g. `conflict`) are not counted.
 */
export async function limitCodeAttempts<T>(
  database: Database,
  input: { userId: string; action: MfaAction; context: RequestContext; wrongCode: string },
  check: () => Promise<T | null>,
  now = new Date(),
): Promise<T> {
  const accountKey = secondFactorAccountKey(input.userId);
  const ipKey = ipFailureKey(input.context.ip);
  // Taken up front in one statement (lib/limits/take-attempt.ts); given back unless the code is wrong.
  const decision = await takeAttempt(database, [accountKey, ipKey], now);
  if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds, "too many wrong codes; try again later");
  const { attempt } = decision;

  let result: T | null;
  try {
    result = await check();
  } catch (error) {
    await refundAttempt(database, attempt, { now });
    throw error;
  }
  if (result === null) {
    await recordSecurityEvent(database, { userId: input.userId, type: "second_factor_failed", context: input.context, detail: { action: input.action } });
    if (attempt.retryAfterSeconds > 0) throw tooManyRequests(attempt.retryAfterSeconds, "too many wrong codes; try again later");
    throw new IdentityError("invalid_request", input.wrongCode);
  }
  await clearAttempts(database, accountKey);
  await refundAttempt(database, attempt, { keys: [ipKey], now });
  return result;
}
