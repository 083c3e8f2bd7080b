import { getCountryCallingCode, getExampleNumber, isSupportedCountry, parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from "libphonenumber-js";
import mobileExamples from "libphonenumber-js/examples.mobile.json";

/**
 * Phone numbers as this product accepts them: E.164 (`+`, the country code and the number), and a number
 * that can exist in its country by libphonenumber's rules (length and leading digits per country), so a
 * code is never texted to a number that no country assigns. Where the church's country is known (the
 * member pages), a number written as people there write it (`(617) 555-0199` in the US, `07911 123456` in
 * Britain) is read too; the API takes E.164 only, so pages turn what was typed into E.164 before sending.
 * Pure and browser-safe, so pages, schemas and services share it; the metadata is libphonenumber-js's
 * smallest set (and its 4 KB of mobile examples), which keeps the pages' bundles small.
 */
export const E164_PATTERN = /^\+[1-9]\d{7,14}$/;

/** Characters people put between digits ("+1 (415) 555-0123"); they carry no meaning and are dropped. */
const VISUAL_SEPARATORS = /[\s().\-\u00a0]/g;

/** A number written without `+`: digits only once the separators are gone (the national prefix and all). */
const NATIONAL_DIGITS = /^\d{2,17}$/;

/** Longer than any phone number with its separators: refused before any parsing. */
const MAX_INPUT_LENGTH = 40;

/** An ISO 3166-1 alpha-2 code libphonenumber knows (`US`, `GB`): the church's country is one. */
export type PhoneCountry = CountryCode;

export interface ParsedPhoneNumber {
  /** The number in E.164, e.g. `+14155550123`: the only form stored, compared and sent to. */
  e164: string;
  /** As the member would write it: national inside the default country's numbering plan, else international. */
  display: string;
}

/** True for a value already in E.164, with nothing else in it. */
export function isE164(value: string): boolean {
  return E164_PATTERN.test(value);
}

/** True for a country code (upper-case, `GB`) whose numbers libphonenumber can read. */
export function isPhoneCountry(value: string): value is PhoneCountry {
  return isSupportedCountry(value);
}

/**
 * National format for a number the church's members dial without a country code: one that shares the
 * country's calling code (a Canadian number in the US, a Guernsey one in Britain); international otherwise.
 */
function displayOf(number: PhoneNumber, defaultCountry: PhoneCountry | undefined): string {
  const home = defaultCountry !== undefined && number.countryCallingCode === getCountryCallingCode(defaultCountry);
  return home ? number.formatNational() : number.formatInternational();
}

/**
 * Reads a typed phone number: visual separators are dropped, then the rest must be E.164, or, given a
 * `defaultCountry`, a number as it is dialled in that country (national prefix and international access
 * code included: `07911 123456`, `1 617 555 0199`, `011 44 7911 123456`); either way a valid number of its
 * country. Null for anything else (without `+` and no default country, letters, too short or long, a
 * country code or area code that does not exist).
 */
export function parsePhoneNumber(input: string, defaultCountry?: PhoneCountry): ParsedPhoneNumber | null {
  if (input.length > MAX_INPUT_LENGTH) return null;
  const compact = input.trim().replace(VISUAL_SEPARATORS, "");
  if (isE164(compact)) {
    const number = parsePhoneNumberFromString(compact);
    return number?.isValid() && number.number === compact ? { e164: compact, display: displayOf(number, defaultCountry) } : null;
  }
  if (defaultCountry === undefined || !NATIONAL_DIGITS.test(compact)) return null;
  const number = parsePhoneNumberFromString(compact, defaultCountry);
  return number?.isValid() && isE164(number.number) ? { e164: number.number, display: displayOf(number, defaultCountry) } : null;
}

/**
 * A stored E.164 number as the church's members write it: `(617) 555-0199` in the US, `+44 7911 123456`
 * there. Anything that is not a valid E.164 number (a masked one, `+1*******99`) is shown as it is.
 */
export function formatPhoneNumber(e164: string, defaultCountry: PhoneCountry): string {
  if (!isE164(e164)) return e164;
  const number = parsePhoneNumberFromString(e164);
  return number?.isValid() ? displayOf(number, defaultCountry) : e164;
}

/** A made-up mobile number of the country, as written there (`(201) 555-0123`), for a field's hint; null if libphonenumber has none. */
export function examplePhoneNumber(country: PhoneCountry): string | null {
  return getExampleNumber(country, mobileExamples)?.formatNational() ?? null;
}
