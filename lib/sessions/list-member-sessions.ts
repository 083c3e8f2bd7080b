import "server-only";
import type { Database } from "../db/database.ts";
import { describeUserAgent } from "./describe-user-agent.ts";
import { LIVE_SESSION_SQL } from "./live-session-sql.ts";
import { MemberSessionSchema, type MemberSession } from "./schemas.ts";

/**
 * The member's live sessions (not signed out, not past either end), the current one first, then by last
 * use; a kiosk's or display's (signed in with a code at /device) with the app it runs; each with when it ends: after a while unused (`idle_expires_at`) and at the latest (`expires_at`).
 * Raw: LIVE_SESSION_SQL and the idle end are interval arithmetic on columns, which Prisma has no words for
 * (docs/decisions/0019, reason 4).
 */
export async function listMemberSessions(database: Database, userId: string, currentSessionId: string | null): Promise<MemberSession[]> {
  const rows = await database.query<{
    id: string;
    user_agent: string | null;
    ip: string | null;
    device_client_id: string | null;
    device_client_name: string | null;
    created_at: Date;
    last_seen_at: Date;
    expires_at: Date;
    idle_expires_at: Date;
  }>(
    `SELECT s.id, s.user_agent, s.ip, s.device_client_id, c.name AS device_client_name, s.created_at, s.last_seen_at, s.expires_at,
            least(s.expires_at, s.last_seen_at + make_interval(secs => s.idle_timeout_seconds)) AS idle_expires_at
       FROM session s LEFT JOIN client c ON c.id = s.device_client_id
      WHERE s.user_id = $1::uuid AND ${LIVE_SESSION_SQL}
      ORDER BY s.id = $2::uuid DESC NULLS LAST, s.last_seen_at DESC, s.id`,
    [userId, currentSessionId],
  );
  return rows.map((row) =>
    MemberSessionSchema.parse({
      id: row.id,
      ...describeUserAgent(row.user_agent),
      ip: row.ip,
      app: row.device_client_id ? { client_id: row.device_client_id, name: row.device_client_name ?? row.device_client_id } : null,
      created_at: new Date(row.created_at).toISOString(),
      last_seen_at: new Date(row.last_seen_at).toISOString(),
      idle_expires_at: new Date(row.idle_expires_at).toISOString(),
      expires_at: new Date(row.expires_at).toISOString(),
      current: row.id === currentSessionId,
    }),
  );
}
