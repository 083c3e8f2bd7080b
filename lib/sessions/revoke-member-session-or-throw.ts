import "server-only";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import { revokeGrants } from "../oauth/grants/revoke-grants.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";

/**
 * Signs one of the member's sessions out: the session and every grant issued in it are revoked in one
 * statement (lib/oauth/grants/revoke-grants.ts), so its tokens stop working on /api/v1 at once and its
 * refresh tokens are dead. Someone else's session, an unknown id, or one already ended is `not_found`.
 */
export async function revokeMemberSessionOrThrow(database: Database, userId: string, sessionId: string, context: RequestContext) {
  if (!isUuid(sessionId)) throw notFound("session");
  return database.transaction(async (tx) => {
    const { endedSessions } = await revokeGrants(tx, { session: sessionId, member: userId }, "session_revoked");
    const [ended] = endedSessions;
    if (!ended) throw notFound("session");
    await recordSecurityEvent(tx, { userId, type: "session_revoked", context, detail: { session_id: ended.id } });
    return { id: ended.id, status: "revoked" as const, revoked_at: ended.revokedAt.toISOString() };
  });
}

/** "Sign out everywhere else": every live session of the member but the current one. */
export async function revokeOtherMemberSessions(database: Database, userId: string, currentSessionId: string | null, context: RequestContext) {
  return database.transaction(async (tx) => {
    const { endedSessions } = await revokeGrants(tx, { sessionsOf: userId, except: currentSessionId }, "session_revoked");
    if (endedSessions.length > 0) {
      await recordSecurityEvent(tx, { userId, type: "session_revoked", context, detail: { others: endedSessions.length } });
    }
    return { status: "ok" as const, revoked: endedSessions.length };
  });
}
