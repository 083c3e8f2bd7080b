import "server-only";
import { sql } from "../db.ts";
import { IdentityError } from "../identity/errors.ts";
import { describeUserAgent } from "../sessions/describe-user-agent.ts";
import { decodeSecurityEventCursor, encodeSecurityEventCursor } from "./cursor.ts";
import { SecurityEventPageSchema } from "./schemas.ts";

/** The member's security log, newest first, a page at a time (keyset on created_at, id). */
export async function listSecurityEvents(userId: string, limit: number, cursor: string | undefined) {
  const after = cursor === undefined ? null : decodeSecurityEventCursor(cursor, userId);
  if (cursor !== undefined && !after) throw new IdentityError("invalid_request", "cursor: is invalid");
  const rows = await sql<{ id: string; type: string; created_at: Date; ip: string | null; user_agent: string | null; detail: Record<string, unknown> | null }>(
    `SELECT id, type, created_at, ip, user_agent, detail FROM security_event
      WHERE user_id = $1 AND ($2::timestamptz IS NULL OR (created_at, id) < ($2::timestamptz, $3::uuid))
      ORDER BY created_at DESC, id DESC
      LIMIT $4`,
    [userId, after?.createdAt ?? null, after?.id ?? null, limit + 1],
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return SecurityEventPageSchema.parse({
    events: page.map((row) => ({
      id: row.id,
      type: row.type,
      created_at: new Date(row.created_at).toISOString(),
      ip: row.ip,
      ...describeUserAgent(row.user_agent),
      detail: row.detail,
    })),
    next_cursor: rows.length > limit && last ? encodeSecurityEventCursor({ createdAt: new Date(last.created_at), id: last.id }, userId) : null,
  });
}
