import "server-only";
import { sql } from "../db.ts";
import type { RequestContext } from "../http/request-context.ts";
import { notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";

/**
 * Signs one of the member's sessions out: the session and every grant issued in it are revoked in one
 * statement, so its tokens stop working on /api/v1 at once and its refresh tokens are dead. Someone else's
 * session, an unknown id, or one already ended is `not_found`.
 */
export async function revokeMemberSessionOrThrow(userId: string, sessionId: string, context: RequestContext) {
  if (!isUuid(sessionId)) throw notFound("session");
  const [row] = await sql<{ id: string; revoked_at: Date }>(
    `WITH ended AS (
       UPDATE session SET revoked_at = now()::timestamptz(3)
        WHERE id = $1::uuid AND user_id = $2::uuid AND revoked_at IS NULL AND expires_at > now()
        RETURNING id, revoked_at
     ), grants AS (
       UPDATE oauth_grant SET revoked_at = now(), revoked_reason = 'session_revoked'
        WHERE session_id IN (SELECT id FROM ended) AND revoked_at IS NULL
     )
     SELECT id, revoked_at FROM ended`,
    [sessionId, userId],
  );
  if (!row) throw notFound("session");
  await recordSecurityEvent({ userId, type: "session_revoked", context, detail: { session_id: row.id } });
  return { id: row.id, status: "revoked" as const, revoked_at: new Date(row.revoked_at).toISOString() };
}

/** "Sign out everywhere else": every live session of the member but the current one. */
export async function revokeOtherMemberSessions(userId: string, currentSessionId: string | null, context: RequestContext) {
  const rows = await sql<{ id: string }>(
    `WITH ended AS (
       UPDATE session SET revoked_at = now()::timestamptz(3)
        WHERE user_id = $1::uuid AND revoked_at IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid)
        RETURNING id
     ), grants AS (
       UPDATE oauth_grant SET revoked_at = now(), revoked_reason = 'session_revoked'
        WHERE session_id IN (SELECT id FROM ended) AND revoked_at IS NULL
     )
     SELECT id FROM ended`,
    [userId, currentSessionId],
  );
  if (rows.length > 0) {
    await recordSecurityEvent({ userId, type: "session_revoked", context, detail: { others: rows.length } });
  }
  return { status: "ok" as const, revoked: rows.length };
}
