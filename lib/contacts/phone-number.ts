import { parsePhoneNumberFromString } from "libphonenumber-js";

/**
 * Phone numbers as this product accepts them: E.164 (`+`, the country code and the number), and a number
 * that can exist in its country by libphonenumber's rules (length and leading digits per country), so a
 * code is never texted to a number that no country assigns. Pure, so pages, schemas and services share
 * it; the metadata is libphonenumber-js's smallest set, which keeps the recovery page's bundle small.
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
 * Reads a typed phone number: visual separators are dropped, then the rest must be E.164 and a valid
 * number of its country. Null for anything else (a national number without `+`, letters, too short or
 * long, a country code or area code that does not exist).
 */
export function parsePhoneNumber(input: string): ParsedPhoneNumber | null {
  if (input.length > 40) return null;
  const compact = input.trim().replace(VISUAL_SEPARATORS, "");
  if (!isE164(compact)) return null;
  const number = parsePhoneNumberFromString(compact);
  return number?.isValid() && number.number === compact ? { e164: compact } : null;
}
