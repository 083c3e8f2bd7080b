import "server-only";
import { hashPassword } from "../crypto/password.ts";
import { db } from "../db.ts";
import type { RequestContext } from "../http/request-context.ts";
import { assertAttemptsAllowed } from "../limits/check-attempts.ts";
import { clearAttempts } from "../limits/clear-attempts.ts";
import { codeGuessKey, ipFailureKey, signInAccountKey } from "../limits/keys.ts";
import { deliverAfterCommit } from "../outbox/deliver-messages.ts";
import { enqueueMessage } from "../outbox/enqueue-message.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { revokeSession } from "../sessions/revoke-session.ts";
import { passwordChangedEmail } from "./account-messages.ts";
import { AccountError } from "./errors.ts";
import { rejectCode } from "./reject-code.ts";
import { consumeVerificationCode } from "./verification-codes.ts";

/**
 * Sets a new password with the code from "forgot password". Wrong codes count per address across every code
 * sent to it (5 free, then growing delays) as well as per IP. Every session of the member is then ended
 * (their grants with them), because whoever knew the old password may be signed in somewhere; the member
 * is told by email and signs in again with the new password (and their second factor, if any).
 */
export async function resetPassword(
  input: { email: string; code: string; password: string; context: RequestContext },
  now = new Date(),
): Promise<{ userId: string }> {
  const accountKey = codeGuessKey("password_reset", input.email);
  await assertAttemptsAllowed([ipFailureKey(input.context.ip), accountKey], now);
  const outcome = await consumeVerificationCode({ purpose: "password_reset", subject: input.email, binding: "" }, input.code, now);
  if (outcome.outcome !== "accepted") return rejectCode(outcome, input.context, now, [accountKey]);

  const passwordHash = await hashPassword(input.password);
  const prisma = await db();
  const changed = await prisma.$transaction(async (tx) => {
    const account = await tx.user.findUnique({ where: { email: input.email }, select: { id: true, givenName: true, emailVerifiedAt: true } });
    // A decoy code (never sent) guessed right: there is no account to change.
    if (!account) return null;
    // The code went to the account's address, so using it proves that address too.
    const provesEmail = outcome.sentTo === input.email;
    await tx.user.update({
      where: { id: account.id },
      data: { passwordHash, ...(provesEmail && !account.emailVerifiedAt ? { emailVerifiedAt: now } : {}) },
      select: { id: true },
    });
    await recordSecurityEvent({ userId: account.id, type: "password_changed", context: input.context, detail: { via: "reset_code" } }, tx);
    const messageId = await enqueueMessage(tx, passwordChangedEmail(input.email, account.givenName));
    const sessions = await tx.session.findMany({ where: { userId: account.id, revokedAt: null }, select: { id: true } });
    return { userId: account.id, messageId, sessionIds: sessions.map((session) => session.id) };
  });
  if (!changed) throw new AccountError("code_expired");

  for (const sessionId of changed.sessionIds) await revokeSession(sessionId, "session_revoked");
  await clearAttempts(signInAccountKey(input.email));
  await clearAttempts(accountKey);
  deliverAfterCommit([changed.messageId]);
  return { userId: changed.userId };
}
