/**
 * The rules of one-time codes sent by email or SMS (decisions.md 2): 6 digits, valid 10 minutes,
 * 5 attempts; then the code is dead and a new one must be requested. Pure, so the rules are unit-tested;
 * verification-codes.ts applies them to the row under a lock.
 */
export const CODE_TTL_SECONDS = 10 * 60;
export const MAX_CODE_ATTEMPTS = 5;

export interface CodeRowState {
  attempts: number;
  expiresAt: Date;
  usedAt: Date | null;
}

/**
 * Why a code is refused whatever is typed: none was ever issued, it was used, it expired, or its attempts
 * ran out (`exhausted`). Routes that answer `too_many_requests` for the last case need to tell them apart.
 */
export type DeadCodeReason = "none" | "used" | "expired" | "exhausted";

export type CodeAttemptOutcome =
  | { outcome: "accepted" }
  /** Wrong, with tries left; `attempts` is the new count to store. */
  | { outcome: "wrong"; attempts: number; attemptsLeft: number }
  /** Wrong and now out of tries, or already expired, used or out of tries; `attempts` to store if it changed. */
  | { outcome: "dead"; reason: DeadCodeReason; attempts?: number };

/** What one attempt does to the newest code row (null when none was ever issued for this subject). */
export function judgeCodeAttempt(row: CodeRowState | null, matches: boolean, now: Date): CodeAttemptOutcome {
  if (!row) return { outcome: "dead", reason: "none" };
  if (row.usedAt !== null) return { outcome: "dead", reason: "used" };
  if (row.attempts >= MAX_CODE_ATTEMPTS) return { outcome: "dead", reason: "exhausted" };
  if (row.expiresAt.getTime() <= now.getTime()) return { outcome: "dead", reason: "expired" };
  if (matches) return { outcome: "accepted" };
  const attempts = row.attempts + 1;
  if (attempts >= MAX_CODE_ATTEMPTS) return { outcome: "dead", reason: "exhausted", attempts };
  return { outcome: "wrong", attempts, attemptsLeft: MAX_CODE_ATTEMPTS - attempts };
}
