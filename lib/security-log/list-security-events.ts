import "server-only";
import type { Database } from "../db/database.ts";
import { IdentityError } from "../identity/errors.ts";
import { describeUserAgent } from "../sessions/describe-user-agent.ts";
import { decodeSecurityEventCursor, encodeSecurityEventCursor } from "./cursor.ts";
import { SecurityEventPageSchema } from "./schemas.ts";

/** The member's security log, newest first, a page at a time (keyset on created_at, id). */
export async function listSecurityEvents(database: Database, userId: string, limit: number, cursor: string | undefined) {
  const after = cursor === undefined ? null : decodeSecurityEventCursor(cursor, userId);
  if (cursor !== undefined && !after) throw new IdentityError("invalid_request", "cursor: is invalid");
  const rows = await database.prisma.securityEvent.findMany({
    where: {
      userId,
      // (created_at, id) < the last event of the previous page.
      ...(after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    select: { id: true, type: true, createdAt: true, ip: true, userAgent: true, detail: true },
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return SecurityEventPageSchema.parse({
    events: page.map((row) => ({
      id: row.id,
      type: row.type,
      created_at: row.createdAt.toISOString(),
      ip: row.ip,
      ...describeUserAgent(row.userAgent),
      detail: row.detail,
    })),
    next_cursor: rows.length > limit && last ? encodeSecurityEventCursor({ createdAt: last.createdAt, id: last.id }, userId) : null,
  });
}
