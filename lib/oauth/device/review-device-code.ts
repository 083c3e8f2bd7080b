import "server-only";
import type { Database } from "../../db/database.ts";
import { AccountError } from "../../accounts/errors.ts";
import type { RequestContext } from "../../kernel/request-context.ts";
import { attemptKey, ipFailureKey } from "../../limits/keys.ts";
import { ACCOUNT_POLICY } from "../../limits/policies.ts";
import { TooManyAttemptsError } from "../../limits/errors.ts";
import { refundAttempt, takeAttemptOrThrow } from "../../limits/take-attempt.ts";
import { userCodeHash } from "./start-device-authorization.ts";
import { normalizeUserCode } from "./user-code.ts";

/**
 * A signed-in member types the code a device shows (RFC 8628 3.3). A right code puts the request in front of
 * this session only (the confirmation page and its answer check it); a wrong one counts against the member
 * and their IP address (5 free, then growing waits, lib/limits/policies.ts). A success does not clear the
 * count: anyone can start a device request of their own and type its code, so clearing would hand a
 * guesser fresh tries for free.
 */
export async function reviewDeviceCode(
  database: Database,
  input: { userId: string; sessionId: string; typed: string; context: RequestContext },
): Promise<{ requestId: string }> {
  const keys = [attemptKey("device-code:user", input.userId, ACCOUNT_POLICY), ipFailureKey(input.context.ip)];
  // Taken up front in one statement (lib/limits/take-attempt.ts); a right code gives back its own count only.
  const attempt = await takeAttemptOrThrow(database, keys);
  const code = normalizeUserCode(input.typed);
  // Raw: a conditional claim that answers what it claimed (docs/decisions/0019, reason 2).
  const [row] = code
    ? await database.query<{ id: string }>(
        `UPDATE device_authorization SET reviewing_session_id = $2::uuid
          WHERE user_code_hash = $1 AND status = 'pending' AND expires_at > now()
          RETURNING id`,
        [userCodeHash(code), input.sessionId],
      )
    : [];
  if (!row) {
    // The failure that starts a wait says so at once, as a wrong password does.
    if (attempt.retryAfterSeconds > 0) throw new TooManyAttemptsError(attempt.retryAfterSeconds);
    throw new AccountError("invalid_device_code");
  }
  await refundAttempt(database, attempt);
  return { requestId: row.id };
}
