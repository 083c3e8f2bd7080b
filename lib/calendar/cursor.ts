import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import type { UpcomingEventsFilters } from "./schemas.ts";

/**
 * The feed's nextCursor: the (start instant, eventId) of the last event of a page, i.e. a keyset
 * position, made opaque and tamper-evident with an HMAC. The HMAC also covers the filters the page was
 * read with, so a cursor replayed with other filters (or edited, or from another deployment) is refused
 * instead of silently skipping or repeating events. Nothing secret is inside; the MAC is what matters.
 *
 * Format: base64url(JSON [startMs, eventId]) "." base64url(HMAC-SHA256(key, payload "\n" filters))
 */
export interface CursorPosition {
  startAt: Date;
  eventId: string;
}

const VERSION = "c1";

/** Derives the cursor key from the app secret, so the secret itself never signs anything directly. */
export function deriveCursorKey(appSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", appSecret, "", "calendar-cursor-v1", 32));
}

/** The filters in one canonical string: same filters, same string, whatever their order in the URL. */
function canonicalFilters(filters: UpcomingEventsFilters): string {
  return JSON.stringify([filters.type ?? null, filters.ministryId ?? null, filters.campusId ?? null, filters.audience ?? null]);
}

function mac(key: Buffer, payload: string, filters: UpcomingEventsFilters): Buffer {
  return createHmac("sha256", key).update(`${VERSION}\n${payload}\n${canonicalFilters(filters)}`).digest();
}

export function encodeCursor(position: CursorPosition, filters: UpcomingEventsFilters, key: Buffer): string {
  const payload = Buffer.from(JSON.stringify([position.startAt.getTime(), position.eventId])).toString("base64url");
  return `${payload}.${mac(key, payload, filters).toString("base64url")}`;
}

/** The position a cursor holds, or null when it is malformed, tampered with, or bound to other filters. */
export function decodeCursor(cursor: string, filters: UpcomingEventsFilters, key: Buffer): CursorPosition | null {
  const parts = cursor.split(".");
  if (parts.length !== 2) return null;
  const [payload, signature] = parts as [string, string];
  if (!/^[A-Za-z0-9_-]+$/.test(payload) || !/^[A-Za-z0-9_-]+$/.test(signature)) return null;
  const given = Buffer.from(signature, "base64url");
  const expected = mac(key, payload, filters);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const decoded: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    if (!Array.isArray(decoded) || decoded.length !== 2) return null;
    const [startMs, eventId] = decoded as unknown[];
    if (!Number.isSafeInteger(startMs) || typeof eventId !== "string" || !eventId.startsWith("evt_")) return null;
    return { startAt: new Date(startMs as number), eventId };
  } catch {
    return null;
  }
}
