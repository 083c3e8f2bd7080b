import "server-only";
import { constantTimeEqual, keyedHash } from "../crypto/tokens.ts";

/**
 * The security log's page cursor: the (created_at, id) of the last event of a page, opaque and bound by
 * an HMAC to the member it was issued for, so it can be neither edited nor replayed by someone else.
 */
export interface SecurityEventPosition {
  createdAt: Date;
  id: string;
}

const PURPOSE = "security-events-cursor";

export function encodeSecurityEventCursor(position: SecurityEventPosition, userId: string): string {
  const payload = Buffer.from(JSON.stringify([position.createdAt.getTime(), position.id])).toString("base64url");
  return `${payload}.${keyedHash(PURPOSE, `${payload}\n${userId}`)}`;
}

export function decodeSecurityEventCursor(cursor: string, userId: string): SecurityEventPosition | null {
  const [payload, mac, extra] = cursor.split(".");
  if (!payload || !mac || extra !== undefined) return null;
  if (!constantTimeEqual(mac, keyedHash(PURPOSE, `${payload}\n${userId}`))) return null;
  try {
    const [time, id] = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as unknown[];
    if (typeof time !== "number" || !Number.isSafeInteger(time) || typeof id !== "string") return null;
    return { createdAt: new Date(time), id };
  } catch {
    return null;
  }
}
