import { examplePhoneNumber, type PhoneCountry } from "@/lib/contacts/phone-number";

/**
 * What the account pages say about typing a phone number, for the church's country: the hint under a
 * field and the problem when a number cannot be read say the same thing, with the same example (a made-up
 * mobile number of that country, as written there). Numbers abroad start with + and their country code.
 */

const ABROAD = "start with + and the country code";

/** "For example (201) 555-0123. For a number in another country, start with + and the country code." */
export function phoneNumberHint(country: PhoneCountry): string {
  const example = examplePhoneNumber(country);
  return example ? `For example ${example}. For a number in another country, ${ABROAD}.` : `Type it as you dial it here. For a number in another country, ${ABROAD}.`;
}

/** Said under the field when what was typed is not a phone number of the church's country, nor one with + and a country code. */
export function unreadablePhoneNumber(country: PhoneCountry): string {
  const example = examplePhoneNumber(country);
  return example
    ? `We can’t read that as a phone number. Type it like ${example}, or for a number in another country, ${ABROAD}.`
    : `We can’t read that as a phone number. Type it as you dial it here, or for a number in another country, ${ABROAD}.`;
}

/** The recovery contact field takes an email address or a mobile number. */
export function contactHint(country: PhoneCountry): string {
  const example = examplePhoneNumber(country);
  return `An email address, or a mobile number${example ? ` like ${example}` : ""}. For a number in another country, ${ABROAD}.`;
}

/**
 * Said under the recovery contact field when what was typed is neither: an `@` makes it an email address
 * (as the API infers it), letters without one are most likely an address too, digits a phone number.
 */
export function unreadableContact(typed: string, country: PhoneCountry): string {
  if (typed.includes("@")) return "Enter the whole email address, like name@example.org.";
  if (/\p{L}/u.test(typed)) {
    const example = examplePhoneNumber(country);
    return `Enter an email address, like name@example.org, or a mobile number${example ? `, like ${example}` : ""}.`;
  }
  return unreadablePhoneNumber(country);
}
