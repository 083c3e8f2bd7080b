import "server-only";
import { randomInt } from "node:crypto";
import { keyedHash } from "../crypto/tokens.ts";
import {
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  formatRecoveryCode,
  normalizeRecoveryCode,
} from "./recovery-code-format.ts";

/**
 * Recovery codes are stored as a keyed hash (HMAC with a key derived from APP_SECRET): ~50 bits each is
 * plenty against online guessing, but a plain hash of so short a value could be reversed offline from a
 * leaked table.
 */
export function recoveryCodeHash(code: string): string {
  return keyedHash("recovery-code", normalizeRecoveryCode(code));
}

/** Fresh codes for an enrolment, formatted for display; store them with recoveryCodeHash. */
export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    let code = "";
    for (let i = 0; i < RECOVERY_CODE_LENGTH; i += 1) code += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
    return formatRecoveryCode(code);
  });
}
