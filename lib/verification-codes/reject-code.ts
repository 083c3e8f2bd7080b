import "server-only";
import { ACCOUNT_ERRORS, AccountError } from "../accounts/errors.ts";
import type { Database } from "../db/database.ts";
import { TooManyAttemptsError } from "../limits/errors.ts";
import type { AttemptKey } from "../limits/keys.ts";
import { refundAttempt, type Attempt } from "../limits/take-attempt.ts";
import type { ConsumeOutcome } from "./verification-codes.ts";

/**
 * Turns a refused code into the member's message. The caller took the attempt before trying the code
 * (lib/limits/take-attempt.ts) against the caller's IP address (the code's own 5 attempts stop guessing one
 * code; the IP limit stops one machine guessing many addresses) and against `guessKeys` (a flow's own counter
 * across codes, such as the password reset's per address): it stays counted on the IP, and on `guessKeys`
 * only when the code was a guess.
 */
export async function rejectCode(
  database: Database,
  outcome: Exclude<ConsumeOutcome, { outcome: "accepted" }>,
  attempt: Attempt,
  now: Date,
  guessKeys: readonly AttemptKey[] = [],
): Promise<never> {
  // A flow's own counter counts guesses: a wrong code that used up one of a live code's tries. A dead code
  // (expired, used, out of tries) guesses nothing, and is answered as dead, not as too many attempts.
  const guessed = outcome.outcome === "wrong" || outcome.attempts !== undefined;
  const kept = guessed ? attempt : await refundAttempt(database, attempt, { keys: guessKeys, now });
  if (kept.retryAfterSeconds > 0) throw new TooManyAttemptsError(kept.retryAfterSeconds);
  if (outcome.outcome === "dead") throw new AccountError("code_expired");
  const tries = outcome.attemptsLeft === 1 ? "1 more try" : `${outcome.attemptsLeft} more tries`;
  throw new AccountError("invalid_code", { message: `${ACCOUNT_ERRORS.invalid_code.message} You have ${tries}.` });
}
