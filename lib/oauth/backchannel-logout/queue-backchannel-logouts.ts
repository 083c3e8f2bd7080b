import "server-only";
import type { Database } from "../../db/database.ts";
import { enqueueSelectedMessages } from "../../outbox/enqueue-message.ts";

/**
 * OpenID Connect Back-Channel Logout 1.0: when a member's sessions end (signing out, ending a session from
 * the account page, a reused refresh token, the account disabled or erased), every client that had a grant
 * in them and registered a `backchannel_logout_uri` is told, once per client and session. The messages are
 * written to the outbox in the caller's transaction, so they exist exactly when the logout was committed,
 * and are sent after the commit, off the member's request (lib/outbox/deliver-messages.ts retries with
 * growing back-off). What each says (client, sub, sid, jti) is the message body; the token itself is
 * signed when it is sent (./logout-token.ts).
 */
export interface LoggedOut {
  /** Sessions that ended: every client with a grant in them. */
  sessions: readonly string[];
  /** A member whose every grant ended: also the grants that outlived their session (offline_access). */
  member?: string;
}

export async function queueBackchannelLogouts(database: Database, loggedOut: LoggedOut): Promise<string[]> {
  if (loggedOut.sessions.length === 0 && !loggedOut.member) return [];
  // Raw: one INSERT ... SELECT over a join with a DISTINCT (docs/decisions/0019, reason 1). A grant of the
  // member counts when it was live until this transaction (revoked_at is stored to the millisecond).
  return enqueueSelectedMessages(
    database,
    "backchannel_logout",
    `SELECT c.backchannel_logout_uri AS recipient,
            json_build_object('client_id', c.id, 'sub', g.user_id::text, 'sid', g.session_id::text, 'jti', gen_random_uuid()::text)::text AS body
       FROM (SELECT DISTINCT client_id, user_id, session_id FROM oauth_grant
              WHERE session_id = ANY($1::uuid[])
                 OR (user_id = $2::uuid AND (revoked_at IS NULL OR revoked_at >= now() - interval '1 millisecond'))) g
       JOIN client c ON c.id = g.client_id
      WHERE c.backchannel_logout_uri IS NOT NULL AND c.disabled_at IS NULL
        AND (g.session_id IS NOT NULL OR NOT c.backchannel_logout_session_required)`,
    [loggedOut.sessions, loggedOut.member ?? null],
  );
}
