import "server-only";
import { hashToken, randomToken } from "../crypto/tokens.ts";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { SESSION_POLICY_SQL, type AuthenticationMethod, type NewSession } from "./create-session.ts";
import { LIVE_SESSION_SQL } from "./live-session-sql.ts";
import { securityEventsFrom } from "../security-log/record-security-event.ts";

/**
 * A member signs in again in a browser that already holds their live session (an app's `max_age` or
 * `prompt=login`, the portal asking before a sensitive change): the same session goes on, so its `sid`, its
 * grants and its place in the sessions list stay, with what the new sign-in proved. The cookie gets a new
 * token (the old one stops working: no fixation), `auth_time` and `amr` are the new sign-in's, and the
 * absolute and idle lifetimes start again. Logged as a `sign_in` with `renewed: true`, in the same
 * statement. Null when the browser's session is not this member's live one: the caller starts a new one.
 * Raw: two tables in one statement, on the sign-in path (docs/decisions/0019, reasons 1 and 3).
 */
export async function renewSession(
  database: Database,
  currentToken: string | undefined,
  userId: string,
  amr: AuthenticationMethod[],
  context: RequestContext,
  signInDetail: Record<string, unknown>,
): Promise<NewSession | null> {
  if (!currentToken || currentToken.length > 100) return null;
  const token = randomToken();
  const now = new Date();
  const [row] = await database.query<{ id: string; expires_at: Date }>(
    `WITH policy AS (${SESSION_POLICY_SQL}),
     renewed AS (
       UPDATE session s
          SET token_hash = $2, auth_time = $3, amr = $4, ip = $5, user_agent = $6, last_seen_at = $3,
              expires_at = $3::timestamptz + make_interval(secs => policy.absolute_seconds), idle_timeout_seconds = policy.idle_seconds
         FROM policy, account a
        WHERE s.token_hash = $7 AND s.user_id = $1 AND ${LIVE_SESSION_SQL} AND a.id = s.user_id AND a.disabled_at IS NULL
       RETURNING s.id, s.expires_at
     ), logged AS (${securityEventsFrom({ from: "renewed", userId: "$1", type: "sign_in", ip: "$5", userAgent: "$6", detail: "$8::jsonb || jsonb_build_object('session_id', renewed.id, 'renewed', true)" })})
     SELECT id, expires_at FROM renewed`,
    [userId, hashToken(token), now, amr, context.ip, context.userAgent, hashToken(currentToken), JSON.stringify(signInDetail)],
  );
  if (!row) return null;
  return { id: row.id, token, authTime: now, expiresAt: new Date(row.expires_at) };
}
