import "server-only";
import { attemptKey, type AttemptKey } from "../limits/keys.ts";
import type { AttemptPolicy } from "../limits/policies.ts";

/**
 * Attempt limits on family codes (docs/decisions/0013-families-and-guardians.md): every code that does
 * not let the caller join counts against their account and their IP address. A success clears nothing:
 * joining one's own family again would otherwise reset the count between guesses.
 */
const FIFTEEN_MINUTES = 15 * 60;

/** Per account: 5 free, then 2, 4, 8 … s, at most 15 min (the sign-in account policy's numbers). */
export const FAMILY_JOIN_ACCOUNT_POLICY: AttemptPolicy = { freeFailures: 5, baseDelaySeconds: 2, maxDelaySeconds: FIFTEEN_MINUTES, windowSeconds: FIFTEEN_MINUTES };

/** Per IP address: 20 free (a church's guest Wi-Fi on a Sunday is one address), then the same doubling. */
export const FAMILY_JOIN_IP_POLICY: AttemptPolicy = { freeFailures: 20, baseDelaySeconds: 2, maxDelaySeconds: FIFTEEN_MINUTES, windowSeconds: FIFTEEN_MINUTES };

export const TOO_MANY_FAMILY_CODES = "too many wrong family codes; try again later";

export function familyJoinKeys(userId: string, ip: string | null): (AttemptKey | null)[] {
  return [attemptKey("family-join:user", userId, FAMILY_JOIN_ACCOUNT_POLICY), ip ? attemptKey("family-join:ip", ip, FAMILY_JOIN_IP_POLICY) : null];
}
