/**
 * Phone numbers as this product accepts them: E.164 (`+` then the country code and number, 8 to 15 digits,
 * no leading zero). Pure, so pages, schemas and services share it.
 *
 * This is a strict syntactic check only: it cannot tell whether a number is assigned in its country or
 * split out the country code. libphonenumber-js would; it is not installed. Everything that reads phone
 * numbers goes through `parsePhoneNumber`, so swapping the library in later changes this file only
 * (return `parsePhoneNumberFromString(input)?.isValid() ? { e164: number.number } : null`).
 */
export const E164_PATTERN = /^\+[1-9]\d{7,14}$/;

/** Characters people put between digits ("+1 (415) 555-0123"); they carry no meaning and are dropped. */
const VISUAL_SEPARATORS = /[\s().\-\u00a0]/g;

export interface ParsedPhoneNumber {
  /** The number in E.164, e.g. `+14155550123`: the only form stored, compared and sent to. */
  e164: string;
}

/** True for a value already in E.164, with nothing else in it. */
export function isE164(value: string): boolean {
  return E164_PATTERN.test(value);
}

/**
 * Reads a typed phone number: visual separators are dropped, then the rest must be E.164. Null for
 * anything else (a national number without `+`, letters, too short or long).
 */
export function parsePhoneNumber(input: string): ParsedPhoneNumber | null {
  if (input.length > 40) return null;
  const compact = input.trim().replace(VISUAL_SEPARATORS, "");
  return isE164(compact) ? { e164: compact } : null;
}
