import "server-only";
import type { Database } from "../db/database.ts";
import { tooManyRequests } from "../identity/errors.ts";
import { codeSendIpKey, codeSendTargetKey, codeSendUserKey, type AttemptKey } from "../limits/keys.ts";
import { refundAttempt, takeAttempt } from "../limits/take-attempt.ts";

/**
 * Sending codes to a member's own contacts and phone is limited three ways (resending included): per
 * address (3 free, then 1, 2, 4 … minutes; CODE_SEND_POLICY), per member and per IP address, so neither a
 * member nor a stolen token can turn the service into a mailer or a texting machine.
 */
export function codeSendKeys(input: { purpose: string; target?: string; userId: string; ip: string | null }): (AttemptKey | null)[] {
  return [input.target ? codeSendTargetKey(input.purpose, input.target) : null, codeSendUserKey(input.userId), codeSendIpKey(input.ip)];
}

export const TOO_MANY_SENDS = "too many codes sent; wait before asking for another";

/**
 * Runs `send` (the transaction that issues the code and queues its message) as one counted send: counted up
 * front, in the statement that checks the limits (lib/limits/take-attempt.ts), so requests at once cannot all
 * pass the check before any is counted; refused with `too_many_requests` and Retry-After while a key is
 * blocked. A send that is refused (`send` throws: a conflict, a contact gone) sent nothing, and its count is
 * given back.
 */
export async function limitCodeSend<T>(database: Database, keys: readonly (AttemptKey | null)[], now: Date, send: () => Promise<T>): Promise<T> {
  const decision = await takeAttempt(database, keys, now);
  if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds, TOO_MANY_SENDS);
  try {
    return await send();
  } catch (error) {
    await refundAttempt(database, decision.attempt, { now });
    throw error;
  }
}
