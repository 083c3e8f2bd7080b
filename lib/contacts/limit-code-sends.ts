import "server-only";
import type { Database } from "../db/database.ts";
import { tooManyRequests } from "../identity/errors.ts";
import { checkAttempts } from "../limits/check-attempts.ts";
import { codeSendIpKey, codeSendTargetKey, codeSendUserKey, type AttemptKey } from "../limits/keys.ts";
import { recordFailure } from "../limits/record-failure.ts";

/**
 * Sending codes to a member's own contacts and phone is limited three ways (resending included): per
 * address (3 free, then 1, 2, 4 … minutes; CODE_SEND_POLICY), per member and per IP address, so neither a
 * member nor a stolen token can turn the service into a mailer or a texting machine.
 */
export function codeSendKeys(input: { purpose: string; target?: string; userId: string; ip: string | null }): (AttemptKey | null)[] {
  return [input.target ? codeSendTargetKey(input.purpose, input.target) : null, codeSendUserKey(input.userId), codeSendIpKey(input.ip)];
}

export const TOO_MANY_SENDS = "too many codes sent; wait before asking for another";

/** Refuses with `too_many_requests` and Retry-After while any key is blocked. */
export async function assertCodeSendAllowed(database: Database, keys: readonly (AttemptKey | null)[], now: Date): Promise<void> {
  const status = await checkAttempts(database, keys, now);
  if (!status.allowed) throw tooManyRequests(status.retryAfterSeconds, TOO_MANY_SENDS);
}

/** Counts one code sent (after its transaction committed). */
export async function countCodeSent(database: Database, keys: readonly (AttemptKey | null)[], now: Date): Promise<void> {
  await recordFailure(database, keys, now);
}
