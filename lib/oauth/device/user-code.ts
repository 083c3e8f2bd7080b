import { randomInt } from "node:crypto";

/**
 * The code a member types on their phone to approve a kiosk (RFC 8628 6.1): eight letters from twenty
 * consonants, shown as `BCDF-GHJK`. No vowels, so no word can be spelled; no digits, so nothing to confuse
 * with I, O or S; case and the dash do not matter when it is typed. 20^8 codes (34 bits) against at most a
 * few hundred waiting at once, each for ten minutes, and every wrong guess counted (review-device-code.ts).
 */
export const USER_CODE_ALPHABET = "BCDFGHJKLMNPQRSTVWXZ";
export const USER_CODE_LENGTH = 8;

/** A new random code, without its dash. */
export function newUserCode(): string {
  let code = "";
  for (let index = 0; index < USER_CODE_LENGTH; index += 1) code += USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)];
  return code;
}

/** How the code is shown and printed: two groups of four. */
export function formatUserCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** The code as typed, in the form it is stored under: upper case, spaces and dashes gone; null when it cannot be a code. */
export function normalizeUserCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, "");
  if (code.length !== USER_CODE_LENGTH) return null;
  for (const letter of code) if (!USER_CODE_ALPHABET.includes(letter)) return null;
  return code;
}
