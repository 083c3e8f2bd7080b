import "server-only";
import type { Database } from "../db/database.ts";
import { looksLikeCardCode, resolveCheckInCard } from "./card-code.ts";
import { verifyMemberCode } from "./member-code.ts";

/**
 * What a kiosk's scanner typed, as a member: a member's current rotating code (a signed JWS) or a live
 * household card (`CARD-…`). Null for anything else, which the kiosk refuses as one and the same invalid
 * code and counts against its guess limit. Used by finding a household and by pickup by an adult.
 */
export async function resolveScannedCode(database: Database, scanned: string, now = new Date()): Promise<string | null> {
  if (looksLikeCardCode(scanned)) return resolveCheckInCard(database, scanned, now);
  return verifyMemberCode(scanned, now);
}
