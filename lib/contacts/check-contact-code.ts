import "server-only";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { IdentityError, tooManyRequests } from "../identity/errors.ts";
import { checkAttempts } from "../limits/check-attempts.ts";
import { ipFailureKey, type AttemptKey } from "../limits/keys.ts";
import { refundAttempt, takeAttempt } from "../limits/take-attempt.ts";
import { consumeVerificationCode, type CodeTarget } from "../verification-codes/verification-codes.ts";

export type ContactCodeCheck = { accepted: true; sentTo: string } | { accepted: false; attemptsLeft: number };

export const TOO_MANY_WRONG_CODES = "too many wrong codes; ask for a new code";

/**
 * Tries a code sent to a contact or phone (decisions.md 3: 6 digits, 10 minutes, 5 attempts, then dead).
 * A wrong code with tries left is answered to the caller, who words it (recovery contacts: 400; the phone:
 * `{ verified: false }`). A code out of tries is `too_many_requests`, with Retry-After saying when a new
 * one may be sent (`resendKeys`); an expired, used or never-sent one is `invalid_request`. Wrong codes
 * also count against the caller's IP address, as on every other code page, so one machine cannot
 * guess across many accounts.
 */
export async function checkContactCode(
  database: Database,
  input: { target: CodeTarget; code: string; context: RequestContext; resendKeys: readonly (AttemptKey | null)[] },
  now: Date,
): Promise<ContactCodeCheck> {
  // Taken up front in one statement (lib/limits/take-attempt.ts); given back when the code is right.
  const decision = await takeAttempt(database, [ipFailureKey(input.context.ip)], now);
  if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds, "too many wrong codes; try again later");

  const outcome = await consumeVerificationCode(database, input.target, input.code, now);
  if (outcome.outcome === "accepted") {
    await refundAttempt(database, decision.attempt, { now });
    return { accepted: true, sentTo: outcome.sentTo };
  }

  const { retryAfterSeconds } = decision.attempt;
  if (retryAfterSeconds > 0) throw tooManyRequests(retryAfterSeconds, "too many wrong codes; try again later");
  if (outcome.outcome === "wrong") return { accepted: false, attemptsLeft: outcome.attemptsLeft };
  switch (outcome.reason) {
    case "exhausted": {
      // Only read: when the next code may be sent.
      const resend = await checkAttempts(database, input.resendKeys, now);
      throw tooManyRequests(resend.retryAfterSeconds, TOO_MANY_WRONG_CODES);
    }
    case "none":
      throw new IdentityError("invalid_request", "code: no code has been sent; ask for one first");
    case "used":
    case "expired":
      throw new IdentityError("invalid_request", "code: has expired; ask for a new code");
  }
}

/** `code: is not the code we sent; 4 tries left` */
export function wrongCodeDescription(attemptsLeft: number): string {
  return `code: is not the code we sent; ${attemptsLeft === 1 ? "1 try" : `${attemptsLeft} tries`} left`;
}
