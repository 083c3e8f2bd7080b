import "server-only";
import type { Database } from "../db/database.ts";
import { IdentityError, tooManyRequests } from "../identity/errors.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { checkAttempts } from "../limits/check-attempts.ts";
import { clearAttempts } from "../limits/clear-attempts.ts";
import { ipFailureKey, secondFactorAccountKey } from "../limits/keys.ts";
import { recordFailure } from "../limits/record-failure.ts";
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
  const keys = [accountKey, ipFailureKey(input.context.ip)];
  const status = await checkAttempts(database, keys, now);
  if (!status.allowed) throw tooManyRequests(status.retryAfterSeconds, "too many wrong codes; try again later");

  const result = await check();
  if (result === null) {
    const { retryAfterSeconds } = await recordFailure(database, keys, now);
    await recordSecurityEvent(database, { userId: input.userId, type: "second_factor_failed", context: input.context, detail: { action: input.action } });
    if (retryAfterSeconds > 0) throw tooManyRequests(retryAfterSeconds, "too many wrong codes; try again later");
    throw new IdentityError("invalid_request", input.wrongCode);
  }
  if (status.countedKeys.has(accountKey.key)) await clearAttempts(database, accountKey);
  return result;
}
