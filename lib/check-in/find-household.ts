import "server-only";
import type { Database } from "../db/database.ts";
import { IdentityError } from "../identity/errors.ts";
import { assertKioskMayGuess, kioskGuessKey, recordKioskMiss } from "./guess-limits.ts";
import { resolveScannedCode } from "./scanned-code.ts";
import { HouseholdSchema, type FindHouseholdBody, type Household } from "./schemas.ts";

/** At most this many households answer one phone search (four digits are shared). */
const MAX_PHONE_MATCHES = 5;

/**
 * POST /api/v1/kiosk/households: a scanned member code or household card names one member, whose household (or, without
 * one, the member and their dependants) is answered; the last four digits of a verified phone answer each
 * matching household. Only ids, first names and roles: a lobby screen is public.
 */
export async function findHousehold(database: Database, kioskClientId: string, body: FindHouseholdBody): Promise<{ households: Household[] }> {
  const key = kioskGuessKey("household", kioskClientId);
  await assertKioskMayGuess(database, key);
  if ("member_code" in body) {
    const userId = await resolveScannedCode(database, body.member_code);
    const household = userId ? await householdOf(database, userId) : null;
    if (!household) {
      await recordKioskMiss(database, key);
      throw new IdentityError("invalid_request", "member_code: is not a valid or current check-in code");
    }
    return { households: [{ ...household, scanned_id: userId! }] };
  }
  const matches = await database.query<{ id: string }>(
    `SELECT a.id::text AS id FROM account a
      WHERE a.phone_verified_at IS NOT NULL AND a.disabled_at IS NULL AND right(a.phone, 4) = $1
      ORDER BY a.created_at, a.id LIMIT $2`,
    [body.phone_last_four, MAX_PHONE_MATCHES * 2],
  );
  const households: Household[] = [];
  const seen = new Set<string>();
  for (const match of matches) {
    const household = await householdOf(database, match.id);
    const id = household?.family_id ?? `member:${match.id}`;
    if (!household || seen.has(id)) continue;
    seen.add(id);
    households.push(household);
    if (households.length === MAX_PHONE_MATCHES) break;
  }
  if (households.length === 0) await recordKioskMiss(database, key);
  return { households };
}

/** The member's household members, or the member and their dependants when they have no household. */
export async function householdOf(database: Database, userId: string): Promise<Household | null> {
  const members = await database.query<{ id: string; given_name: string; role: "adult" | "child"; family_id: string | null }>(
    `WITH me AS (SELECT a.id, m.family_id FROM account a LEFT JOIN family_member m ON m.user_id = a.id WHERE a.id = $1::uuid AND a.disabled_at IS NULL)
     SELECT a.id::text AS id, a.given_name, m.role, m.family_id::text AS family_id
       FROM me JOIN family_member m ON m.family_id = me.family_id JOIN account a ON a.id = m.user_id
      WHERE a.disabled_at IS NULL
     UNION
     SELECT a.id::text, a.given_name, 'adult', NULL FROM me JOIN account a ON a.id = me.id WHERE me.family_id IS NULL
     UNION
     SELECT a.id::text, a.given_name, 'child', NULL FROM me JOIN guardianship g ON g.guardian_id = me.id AND g.ended_at IS NULL
       JOIN account a ON a.id = g.dependent_id WHERE me.family_id IS NULL AND a.disabled_at IS NULL
     ORDER BY 3, 2, 1`,
    [userId],
  );
  if (members.length === 0) return null;
  return HouseholdSchema.parse({ family_id: members.find((member) => member.family_id)?.family_id ?? null, members: members.map(({ id, given_name, role }) => ({ id, given_name, role })) });
}
