import "server-only";
import { hashPassword } from "../crypto/password.ts";
import type { Database } from "../db/database.ts";
import { notFound } from "../identity/errors.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { revokeGrants } from "../oauth/grants/revoke-grants.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { enqueueSecurityNotice } from "../security-notices/enqueue-security-notice.ts";
import type { PasswordChanged } from "../users/schemas.ts";
import { lockAccountOrThrow } from "../users/account-lock.ts";
import { assertNewPasswordAllowedForApi } from "./check-new-password.ts";

/**
 * PUT /api/v1/users/me/password: a signed-in member chooses a new password, or sets a first one (an account
 * made with a passkey or another provider). The route holds it to a sign-in of the last few minutes, so a
 * browser left signed in cannot be used to take the account over. As GitHub and Google do, every other
 * session of the member ends with its apps' grants (whoever knew the old password may be signed in
 * somewhere), the one making the change stays, and the member is told by email.
 */
export async function changeMyPassword(
  database: Database,
  input: { userId: string; sessionId: string | null; newPassword: string; context: RequestContext },
): Promise<PasswordChanged> {
  const account = await database.prisma.user.findUnique({ where: { id: input.userId }, select: { email: true, givenName: true, familyName: true } });
  if (!account) throw notFound("account");
  assertNewPasswordAllowedForApi(input.newPassword, account);
  const passwordHash = await hashPassword(input.newPassword);
  return database.transaction(async (tx) => {
    // Two changes at once take turns: each logs what it replaced, and the later one's password stays.
    const before = await lockAccountOrThrow(tx, input.userId);
    await tx.prisma.user.update({ where: { id: input.userId }, data: { passwordHash }, select: { id: true } });
    await recordSecurityEvent(tx, { userId: input.userId, type: before.has_password ? "password_changed" : "password_set", context: input.context, detail: { via: "account" } });
    await enqueueSecurityNotice(tx, { userId: input.userId, kind: "password_changed", context: input.context });
    const { endedSessions } = await revokeGrants(tx, { sessionsOf: input.userId, except: input.sessionId }, "session_revoked");
    return { status: "ok" as const, other_sessions_ended: endedSessions.length };
  });
}
