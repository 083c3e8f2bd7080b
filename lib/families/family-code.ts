import "server-only";
import { randomInt } from "node:crypto";
import { keyedHash } from "../crypto/tokens.ts";
import { openSecret, sealSecret } from "../crypto/secret-box.ts";
import { FAMILY_CODE_ALPHABET, FAMILY_CODE_LENGTH, formatFamilyCode } from "./family-code-format.ts";
import { FAMILY_CODE_MAX_USES, FAMILY_CODE_TTL_DAYS, type FamilyCode } from "./schemas.ts";

/**
 * A family code at rest (docs/decisions/0013-families-and-guardians.md): an HMAC-SHA-256 of the
 * normalised code under a key derived from APP_SECRET, which joins look up (so the database never
 * compares the code itself, and a stolen table cannot be brute-forced offline without APP_SECRET), and
 * the code sealed with another derived key, so the family's adults can be shown it again.
 */
const PURPOSE = "family-code";

export interface IssuedFamilyCode {
  /** Normalised: 10 characters, no dash. */
  code: string;
  hash: string;
  sealed: string;
  expiresAt: Date;
}

export function familyCodeHash(normalizedCode: string): string {
  return keyedHash(PURPOSE, normalizedCode);
}

/** A new random code (or the given one: the demo seed's), valid FAMILY_CODE_TTL_DAYS from `now`. */
export async function issueFamilyCode(now: Date, code = randomFamilyCode()): Promise<IssuedFamilyCode> {
  return {
    code,
    hash: familyCodeHash(code),
    sealed: await sealSecret(PURPOSE, code),
    expiresAt: new Date(now.getTime() + FAMILY_CODE_TTL_DAYS * 24 * 60 * 60 * 1000),
  };
}

function randomFamilyCode(): string {
  let code = "";
  for (let index = 0; index < FAMILY_CODE_LENGTH; index += 1) code += FAMILY_CODE_ALPHABET[randomInt(FAMILY_CODE_ALPHABET.length)];
  return code;
}

/**
 * The code as an adult is shown it, from the family row. A family set up without a code an adult could
 * be shown (by staff tools), or sealed under a former APP_SECRET (whose codes no join can match any
 * more either), has none: `code` null, not active, and an adult makes a new one.
 */
export async function familyCodeBody(row: { code_encrypted: string; code_expires_at: Date; code_uses: number }, now: Date): Promise<FamilyCode> {
  const expiresAt = new Date(row.code_expires_at);
  const usesLeft = Math.max(0, FAMILY_CODE_MAX_USES - row.code_uses);
  const code = await openSecret(PURPOSE, row.code_encrypted).catch(() => null);
  return {
    code: code === null ? null : formatFamilyCode(code),
    expires_at: expiresAt.toISOString(),
    uses_left: usesLeft,
    active: code !== null && usesLeft > 0 && expiresAt > now,
  };
}
