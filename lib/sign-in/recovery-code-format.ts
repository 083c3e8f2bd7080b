/**
 * The shape of second-factor recovery codes: 10 characters from an alphabet without look-alikes
 * (no 0/o, 1/l/i), shown as two groups of five ("7kq4m-2xdp9"). Never 6 digits, so a code typed in the
 * one "code" field is told apart from a TOTP code by its shape. Pure: shared by the sign-in step, the
 * seed and the future enrolment route.
 */
export const RECOVERY_CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
export const RECOVERY_CODE_LENGTH = 10;
export const RECOVERY_CODE_COUNT = 10;

/** Lower-cased, without spaces or dashes: what is hashed and compared. */
export function normalizeRecoveryCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]/g, "");
}

export function isTotpCodeShape(input: string): boolean {
  return /^\d{6}$/.test(input.replace(/\s/g, ""));
}

export function isRecoveryCodeShape(input: string): boolean {
  const normalized = normalizeRecoveryCode(input);
  return normalized.length === RECOVERY_CODE_LENGTH && [...normalized].every((c) => RECOVERY_CODE_ALPHABET.includes(c));
}

/** For display: "7kq4m-2xdp9". */
export function formatRecoveryCode(normalized: string): string {
  return `${normalized.slice(0, 5)}-${normalized.slice(5)}`;
}
