import "server-only";
import { hashToken, randomBase32 } from "../crypto/tokens.ts";
import type { Database } from "../db/database.ts";
import { CARD_CODE_PREFIX } from "./rules.ts";

/**
 * The printed household card for a member without a phone (docs/decisions/0023, "Household card"). Its QR
 * holds `CARD-` and 32 characters of RFC 4648 base32 (capitals A-Z and digits 2-7, no look-alike 0/1/8/9),
 * 160 random bits from node:crypto: fewer kinds of keystroke than a member's rotating code (base64url and dots),
 * so whatever scanner types that types this; read back in capitals, so a scanner left in Caps Lock still works. Only the code's SHA-256 is
 * stored; the code is answered once, when the card is issued, for printing. One live card per member: a new
 * card revokes the old one in the same transaction (and a partial unique index keeps it so).
 */
const CARD_CODE_BYTES = 20;
const CARD_CODE = /^CARD-[A-Z2-7]{32}$/;

/** A new card's printed code. */
export function newCardCode(): string {
  return `${CARD_CODE_PREFIX}${randomBase32(CARD_CODE_BYTES)}`;
}

/** Whether a scanned text is meant as a card (rather than a member's rotating code). */
export function looksLikeCardCode(scanned: string): boolean {
  return scanned.trim().toUpperCase().startsWith(CARD_CODE_PREFIX);
}

/**
 * The member a scanned card names, or null when it is malformed, unknown, revoked or its member disabled.
 * A lookup by the hash of a 160-bit secret: nothing to time. Notes the use.
 */
export async function resolveCheckInCard(database: Database, scanned: string, now = new Date()): Promise<string | null> {
  const code = scanned.trim().toUpperCase();
  if (!CARD_CODE.test(code)) return null;
  const [row] = await database.query<{ user_id: string }>(
    `UPDATE check_in_card c SET last_used_at = $2 FROM account a
      WHERE c.secret_hash = $1 AND c.revoked_at IS NULL AND a.id = c.user_id AND a.disabled_at IS NULL
      RETURNING c.user_id::text AS user_id`,
    [hashToken(code), now],
  );
  return row?.user_id ?? null;
}
