import "server-only";
import { hashToken, randomBase32 } from "../crypto/tokens.ts";
import type { Database } from "../db/database.ts";
import { PICKUP_TAG_PREFIX } from "./schemas.ts";

/**
 * The parent's pickup tag (docs/decisions/0023, "Pickup"): printed at the kiosk with the children it collects,
 * its QR code holds `PICKUP-` and 16 characters of RFC 4648 base32, 80 random bits from node:crypto. The
 * child's own label never carries it, so reading a child's label collects nobody; the 4-character security
 * codes printed on both are only for a volunteer to compare. Only the secret's SHA-256 is stored. A tag
 * collects the children checked in with it, at the kiosk's campus, on the day they were checked in.
 */
const PICKUP_TAG_BYTES = 10;
const PICKUP_TAG = /^PICKUP-[A-Z2-7]{16}$/;

export function newPickupTagSecret(): string {
  return `${PICKUP_TAG_PREFIX}${randomBase32(PICKUP_TAG_BYTES)}`;
}

/** What a scanner typed, as stored and compared: trimmed, in capitals. */
export function normalisePickupTag(scanned: string): string {
  return scanned.trim().toUpperCase();
}

export function isPickupTag(scanned: string): boolean {
  return PICKUP_TAG.test(normalisePickupTag(scanned));
}

/** Inserts a new tag inside the check-in's transaction; answers its id (for the check-ins) and its secret (printed once). */
export async function createPickupTag(tx: Database, now: Date): Promise<{ id: string; secret: string }> {
  const secret = newPickupTagSecret();
  const [row] = await tx.query<{ id: string }>(`INSERT INTO pickup_tag (secret_hash, created_at) VALUES ($1, $2) RETURNING id::text AS id`, [hashToken(secret), now]);
  return { id: row!.id, secret };
}

/** The tag a scanned secret names, or null. A lookup by the hash of an 80-bit secret: nothing to time. */
export async function findPickupTag(database: Database, scanned: string): Promise<string | null> {
  if (!isPickupTag(scanned)) return null;
  const [row] = await database.query<{ id: string }>(`SELECT id::text AS id FROM pickup_tag WHERE secret_hash = $1`, [hashToken(normalisePickupTag(scanned))]);
  return row?.id ?? null;
}
