import "server-only";
import { hashToken } from "../crypto/tokens.ts";
import type { Database } from "../db/database.ts";
import { LIVE_SESSION_SQL } from "./live-session-sql.ts";

export interface LiveSession {
  id: string;
  userId: string;
  email: string;
  givenName: string;
  /** The member's saved language (their `locale` claim), or null. */
  locale: string | null;
  authTime: Date;
  amr: string[];
}

/** Last-seen is written at most once a minute per session, so reading a session stays a read. */
const TOUCH_INTERVAL = "1 minute";

/**
 * The live session a cookie value points to (not revoked, not past its absolute end, not idle too long), or
 * null. Refreshes last_seen_at in the same statement when it is more than a minute old: using our pages keeps
 * a session from going idle. Raw: read on every page and authorization request, in one statement with its
 * touch (docs/decisions/0019, reasons 1 and 3).
 */
export async function getSessionByToken(database: Database, token: string | undefined): Promise<LiveSession | null> {
  if (!token || token.length > 100) return null;
  const rows = await database.query<{ id: string; user_id: string; email: string; given_name: string; locale: string | null; auth_time: Date; amr: string[] }>(
    `WITH live AS (
       SELECT s.id, s.user_id, s.auth_time, s.amr, s.last_seen_at
         FROM session s
        WHERE s.token_hash = $1 AND ${LIVE_SESSION_SQL}
     ), touched AS (
       UPDATE session SET last_seen_at = now()
        WHERE id = (SELECT id FROM live WHERE last_seen_at < now() - interval '${TOUCH_INTERVAL}')
     )
     SELECT live.id, live.user_id, a.email, a.given_name, a.locale, live.auth_time, live.amr
       FROM live JOIN account a ON a.id = live.user_id`,
    [hashToken(token)],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    userId: row.user_id,
    email: row.email,
    givenName: row.given_name,
    locale: row.locale,
    authTime: new Date(row.auth_time),
    amr: row.amr,
  };
}
