import "server-only";
import { AccountError } from "../accounts/errors.ts";
import { needsRehash, verifyAgainstDummy, verifyPassword, hashPassword } from "../crypto/password.ts";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { clearAttempts } from "../limits/clear-attempts.ts";
import { TooManyAttemptsError } from "../limits/errors.ts";
import { ipFailureKey, signInAccountKey } from "../limits/keys.ts";
import { refundAttempt, takeAttemptOrThrow } from "../limits/take-attempt.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { TOTP_STATUS } from "./verify-totp-code.ts";

export type PasswordSignInResult =
  /** Password was all it takes: start the session. */
  | { next: "signed_in"; userId: string }
  /** The account has a confirmed TOTP: ask for it (or a recovery code). */
  | { next: "second_factor"; userId: string }
  /** Right password, but the address was never confirmed: send a code first. */
  | { next: "verify_email"; userId: string };

/**
 * The password step. The attempt is taken first, per address and per IP, in one statement
 * (lib/limits/take-attempt.ts), so a blocked caller learns nothing and costs no argon2 time, and a burst of
 * guesses at once gets no more than the same guesses in turn. A right password gives the attempt back (the
 * address's count is cleared, the IP's given back). An unknown address spends the same argon2 time on a
 * dummy hash and counts against its address's limit just like a real one, so neither timing nor the 429s
 * reveal whether an account exists.
 */
export async function signInWithPassword(
  database: Database,
  input: { email: string; password: string; context: RequestContext },
  now = new Date(),
): Promise<PasswordSignInResult> {
  const accountKey = signInAccountKey(input.email);
  const ipKey = ipFailureKey(input.context.ip);
  const attempt = await takeAttemptOrThrow(database, [accountKey, ipKey], now);

  const [account] = await database.query<{ id: string; password_hash: string | null; email_verified: boolean; totp_status: string | null }>(
    `SELECT a.id, a.password_hash, a.email_verified_at IS NOT NULL AS email_verified, t.status AS totp_status
       FROM account a LEFT JOIN totp_credential t ON t.user_id = a.id
      WHERE a.email = $1`,
    [input.email],
  );
  const valid = account?.password_hash
    ? await verifyPassword(account.password_hash, input.password)
    : await verifyAgainstDummy(input.password);

  if (!account || !valid) {
    // The attempt stays counted.
    if (account) {
      await recordSecurityEvent(database, { userId: account.id, type: "sign_in_failed", context: input.context, detail: { reason: "password" } });
    }
    // The failure that starts a block already says so, rather than inviting a retry that will be refused.
    if (attempt.retryAfterSeconds > 0) throw new TooManyAttemptsError(attempt.retryAfterSeconds);
    throw new AccountError("invalid_credentials");
  }

  await clearAttempts(database, accountKey);
  await refundAttempt(database, attempt, { keys: [ipKey], now });
  if (needsRehash(account.password_hash!)) {
    // Hashed under older parameters: upgrade it now that we hold the password.
    await database.query(`UPDATE account SET password_hash = $2 WHERE id = $1`, [account.id, await hashPassword(input.password)]);
  }
  if (!account.email_verified) return { next: "verify_email", userId: account.id };
  if (account.totp_status === TOTP_STATUS.confirmed) return { next: "second_factor", userId: account.id };
  return { next: "signed_in", userId: account.id };
}
