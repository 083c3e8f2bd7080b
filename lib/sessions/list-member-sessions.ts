import "server-only";
import { sql } from "../db.ts";
import { describeUserAgent } from "./describe-user-agent.ts";
import { MemberSessionSchema, type MemberSession } from "./schemas.ts";

/** The member's live sessions (not signed out, not expired), the current one first, then by last use. */
export async function listMemberSessions(userId: string, currentSessionId: string | null): Promise<MemberSession[]> {
  const rows = await sql<{ id: string; user_agent: string | null; ip: string | null; created_at: Date; last_seen_at: Date }>(
    `SELECT id, user_agent, ip, created_at, last_seen_at FROM session
      WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()
      ORDER BY id = $2::uuid DESC NULLS LAST, last_seen_at DESC, id`,
    [userId, currentSessionId],
  );
  return rows.map((row) =>
    MemberSessionSchema.parse({
      id: row.id,
      ...describeUserAgent(row.user_agent),
      ip: row.ip,
      created_at: new Date(row.created_at).toISOString(),
      last_seen_at: new Date(row.last_seen_at).toISOString(),
      current: row.id === currentSessionId,
    }),
  );
}
