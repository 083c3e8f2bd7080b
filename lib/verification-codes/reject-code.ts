import "server-only";
import { ACCOUNT_ERRORS, AccountError } from "../accounts/errors.ts";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { TooManyAttemptsError } from "../limits/errors.ts";
import { ipFailureKey, type AttemptKey } from "../limits/keys.ts";
import { recordFailure } from "../limits/record-failure.ts";
import type { ConsumeOutcome } from "./verification-codes.ts";

/**
 * Turns a refused code into the member's message, and counts it against the caller's IP address (the
 * code's own 5 attempts stop guessing one code; the IP limit stops one machine guessing many addresses)
 * and against `keys` (a flow's own counter across codes, such as the password reset's per address).
 */
export async function rejectCode(
  database: Database,
  outcome: Exclude<ConsumeOutcome, { outcome: "accepted" }>,
  context: RequestContext,
  now: Date,
  keys: readonly AttemptKey[] = [],
): Promise<never> {
  // A flow's own counter counts guesses: a wrong code that used up one of a live code's tries. A dead code
  // (expired, used, out of tries) guesses nothing, and is answered as dead, not as too many attempts.
  const guessed = outcome.outcome === "wrong" || outcome.attempts !== undefined;
  const { retryAfterSeconds } = await recordFailure(database, [ipFailureKey(context.ip), ...(guessed ? keys : [])], now);
  if (retryAfterSeconds > 0) throw new TooManyAttemptsError(retryAfterSeconds);
  if (outcome.outcome === "dead") throw new AccountError("code_expired");
  const tries = outcome.attemptsLeft === 1 ? "1 more try" : `${outcome.attemptsLeft} more tries`;
  throw new AccountError("invalid_code", { message: `${ACCOUNT_ERRORS.invalid_code.message} You have ${tries}.` });
}
