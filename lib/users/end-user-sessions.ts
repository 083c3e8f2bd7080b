import "server-only";
import type { Database } from "../db/database.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { revokeGrants } from "../oauth/grants/revoke-grants.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { LIVE_SESSION_SQL } from "../sessions/live-session-sql.ts";
import { assertMayActOnAccount, type StaffActor } from "./assert-may-act-on-account.ts";
import { lockAccountOrThrow } from "./account-lock.ts";

/**
 * POST /api/v1/admin/users/{id}/sessions/end (users:write): the member is signed out everywhere. Every
 * session and every grant of the account are revoked in one statement (lib/oauth/grants/revoke-grants.ts,
 * the same target as disabling, which also reaches apps' offline refresh tokens that outlived their
 * session), so refresh tokens die and access tokens stop working on our routes at once; apps registered for
 * back-channel logout are told. The account stays enabled: the member can sign in again at once (a lost
 * phone, a shared computer). Logged in the member's security log with the staff member's id, in the same
 * transaction; when nothing was live (no live session, no offline grant), nothing is written. Staff end their own sessions on their own
 * security page, not here (this would sign them out of the page they are using). Signing out an account that
 * holds a staff or volunteer permission the staff member lacks is refused, and such an account needs a recent
 * sign-in (./assert-may-act-on-account.ts): otherwise any office account could lock administrators out.
 */
export async function endUserSessions(database: Database, actor: StaffActor, userId: string, context: RequestContext): Promise<{ status: "ok"; revoked: number }> {
  if (!isUuid(userId)) throw notFound("user");
  if (userId.toLowerCase() === actor.id.toLowerCase()) throw new IdentityError("conflict", "you cannot end your own sessions here: sign out everywhere else on your own security page");
  return database.transaction(async (tx) => {
    await lockAccountOrThrow(tx, userId);
    await assertMayActOnAccount(tx, actor, userId);
    const [live] = await tx.query<{ sessions: number; offline_grants: number }>(
      `SELECT (SELECT count(*)::int FROM session s WHERE s.user_id = $1::uuid AND ${LIVE_SESSION_SQL}) AS sessions,
              (SELECT count(*)::int FROM oauth_grant g WHERE g.user_id = $1::uuid AND g.revoked_at IS NULL AND g.offline_until > now()) AS offline_grants`,
      [userId],
    );
    const sessions = live?.sessions ?? 0;
    if (sessions === 0 && (live?.offline_grants ?? 0) === 0) return { status: "ok" as const, revoked: 0 };
    await revokeGrants(tx, { account: userId }, "session_revoked");
    await recordSecurityEvent(tx, { userId, type: "sessions_ended_by_staff", context, detail: { by: actor.id, sessions } });
    return { status: "ok" as const, revoked: sessions };
  });
}
