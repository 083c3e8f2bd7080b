import "server-only";
import { randomInt } from "node:crypto";
import { SECURITY_CODE_ALPHABET, SECURITY_CODE_LENGTH } from "./rules.ts";

/** A child's security code (./rules.ts): drawn from node:crypto. */
export function newSecurityCode(): string {
  let code = "";
  for (let i = 0; i < SECURITY_CODE_LENGTH; i += 1) code += SECURITY_CODE_ALPHABET[randomInt(SECURITY_CODE_ALPHABET.length)];
  return code;
}

/** What a person typed, as stored: upper case, no spaces or dashes. */
export function normaliseSecurityCode(typed: string): string {
  return typed.replace(/[\s-]/g, "").toUpperCase();
}
