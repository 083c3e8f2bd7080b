/**
 * Attempt-limit policies and their arithmetic. Pure: the SQL in take-attempt.ts computes the same delay
 * atomically in the database, and policies.test.ts pins the numbers.
 *
 * A key gets `freeFailures` failures without delay; every further failure blocks it for
 * `baseDelaySeconds * 2^(n - freeFailures - 1)` seconds (n = failures so far), capped at
 * `maxDelaySeconds`. Never a permanent lock-out: an attacker who knows a member's email can slow their
 * sign-in down by at most `maxDelaySeconds`, not lock them out. The count starts again after
 * `windowSeconds` without failures once the last block has ended.
 */
export interface AttemptPolicy {
  freeFailures: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  windowSeconds: number;
}

const FIFTEEN_MINUTES = 15 * 60;

/** Password or second-factor guesses against one account: 5 free, then 2, 4, 8 … s, at most 15 min. */
export const ACCOUNT_POLICY: AttemptPolicy = {
  freeFailures: 5,
  baseDelaySeconds: 2,
  maxDelaySeconds: FIFTEEN_MINUTES,
  windowSeconds: FIFTEEN_MINUTES,
};

/**
 * Failures from one IP address across all accounts: generous (a church's guest Wi-Fi is one address on
 * Sunday morning), but it stops one machine from spraying guesses over many accounts.
 */
export const IP_POLICY: AttemptPolicy = {
  freeFailures: 50,
  baseDelaySeconds: 2,
  maxDelaySeconds: FIFTEEN_MINUTES,
  windowSeconds: FIFTEEN_MINUTES,
};

/** Codes sent to one address (registration, password reset): 3 free, then 1, 2, 4 … min, at most 15 min. */
export const CODE_SEND_POLICY: AttemptPolicy = {
  freeFailures: 3,
  baseDelaySeconds: 60,
  maxDelaySeconds: FIFTEEN_MINUTES,
  windowSeconds: FIFTEEN_MINUTES,
};

/** Codes requested from one IP address, whatever the target: stops one machine mailing many addresses. */
export const IP_CODE_SEND_POLICY: AttemptPolicy = {
  freeFailures: 20,
  baseDelaySeconds: 60,
  maxDelaySeconds: FIFTEEN_MINUTES,
  windowSeconds: FIFTEEN_MINUTES,
};

/** The exponent is capped so a long attack cannot overflow the arithmetic (2^30 s is far past any cap). */
export const MAX_DOUBLINGS = 30;

/** Seconds a key is blocked right after its `failures`-th failure; 0 while failures are free. */
export function delayAfterFailures(policy: AttemptPolicy, failures: number): number {
  if (failures <= policy.freeFailures) return 0;
  const doublings = Math.min(failures - policy.freeFailures - 1, MAX_DOUBLINGS);
  return Math.min(policy.baseDelaySeconds * 2 ** doublings, policy.maxDelaySeconds);
}

/** Whole seconds until `blockedUntil` (at least 1 while blocked), or 0 when not blocked. */
export function secondsUntil(blockedUntil: Date | null, now: Date): number {
  if (!blockedUntil) return 0;
  const milliseconds = blockedUntil.getTime() - now.getTime();
  return milliseconds > 0 ? Math.ceil(milliseconds / 1000) : 0;
}

/** How long to wait, as a member is told it: whole seconds under a minute, else whole minutes, rounded up. */
export function waitInWords(retryAfterSeconds: number): { unit: "seconds" | "minutes"; count: number } {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return seconds < 60 ? { unit: "seconds", count: seconds } : { unit: "minutes", count: Math.ceil(seconds / 60) };
}

/** The member-facing sentence, in plain words: "Too many attempts. Try again in 3 minutes." */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const { unit, count } = waitInWords(retryAfterSeconds);
  return `Too many attempts. Try again in ${count} ${count === 1 ? unit.slice(0, -1) : unit}.`;
}
