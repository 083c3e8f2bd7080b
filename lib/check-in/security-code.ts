import "server-only";
import { randomInt } from "node:crypto";

/**
 * A child's pickup code (docs/decisions/0023): 4 characters without look-alikes (no 0/O, 1/I/L, 2/Z, 5/S,
 * 6/G, 8/B), read aloud and typed at a busy door. The migration's CHECK holds the same alphabet.
 */
export const SECURITY_CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY3479";
export const SECURITY_CODE_LENGTH = 4;

export function newSecurityCode(): string {
  let code = "";
  for (let i = 0; i < SECURITY_CODE_LENGTH; i += 1) code += SECURITY_CODE_ALPHABET[randomInt(SECURITY_CODE_ALPHABET.length)];
  return code;
}

/** What a person typed, as stored: upper case, no spaces or dashes. */
export function normaliseSecurityCode(typed: string): string {
  return typed.replace(/[\s-]/g, "").toUpperCase();
}
