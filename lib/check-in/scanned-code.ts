import "server-only";
import type { Database } from "../db/database.ts";
import { looksLikeCardCode, resolveCheckInCard } from "./card-code.ts";
import { verifyMemberCode } from "./member-code.ts";

/** The member a kiosk scan names; a rotating code also carries what spends it once it has collected a child. */
export interface ScannedMember {
  userId: string;
  /** The rotating code's id and end; null for a household card, which lasts until its member revokes it. */
  code: { jti: string; expiresAt: Date } | null;
}

/**
 * What a kiosk's scanner typed, as a member: a member's current rotating code (a signed JWS) not yet spent,
 * or a live household card (`CARD-…`), of an account that is not disabled. Null for anything else, which
 * the kiosk refuses as one and the same invalid code and counts against its tablet's guess limit. Used by
 * finding a household and by pickup by an adult.
 */
export async function resolveScannedCode(database: Database, scanned: string, now = new Date()): Promise<ScannedMember | null> {
  if (looksLikeCardCode(scanned)) {
    const userId = await resolveCheckInCard(database, scanned, now);
    return userId ? { userId, code: null } : null;
  }
  const verified = await verifyMemberCode(scanned, now);
  if (!verified) return null;
  const [live] = await database.query<{ ok: boolean }>(
    `SELECT true AS ok FROM account a WHERE a.id = $1::uuid AND a.disabled_at IS NULL AND NOT EXISTS (SELECT 1 FROM spent_member_code s WHERE s.jti = $2)`,
    [verified.userId, verified.jti],
  );
  return live ? { userId: verified.userId, code: { jti: verified.jti, expiresAt: verified.expiresAt } } : null;
}

/**
 * Spends a rotating code inside the check-out's transaction: true the first time, false when another
 * check-out spent it first (two tablets, one screenshot). A card is not spent (null code): always true.
 */
export async function spendScannedCode(tx: Database, scanned: ScannedMember): Promise<boolean> {
  if (!scanned.code) return true;
  const spent = await tx.query<{ jti: string }>(`INSERT INTO spent_member_code (jti, expires_at) VALUES ($1, $2) ON CONFLICT (jti) DO NOTHING RETURNING jti`, [
    scanned.code.jti,
    scanned.code.expiresAt,
  ]);
  return spent.length === 1;
}
