import { examplePhoneNumber, type PhoneCountry } from "@/lib/contacts/phone-number";

// i18n-namespace: Account

/**
 * What the account pages say about typing a phone number, for the church's country: the hint under a
 * field and the problem when a number cannot be read say the same thing, with the same example (a made-up
 * mobile number of that country, as written there). Numbers abroad start with + and their country code.
 * `t` is the "Account" namespace's translator (useTranslations("Account")).
 */
export type PhoneWordsTranslator = (
  key:
    | "phone.hint"
    | "phone.hintNoExample"
    | "phone.unreadable"
    | "phone.unreadableNoExample"
    | "phone.contactHint"
    | "phone.contactHintNoExample"
    | "phone.wholeEmail"
    | "phone.emailOrMobile"
    | "phone.emailOrMobileNoExample",
  values?: { example: string },
) => string;

/** "For example (201) 555-0123. For a number in another country, start with + and the country code." */
export function phoneNumberHint(t: PhoneWordsTranslator, country: PhoneCountry): string {
  const example = examplePhoneNumber(country);
  return example ? t("phone.hint", { example }) : t("phone.hintNoExample");
}

/** Said under the field when what was typed is not a phone number of the church's country, nor one with + and a country code. */
export function unreadablePhoneNumber(t: PhoneWordsTranslator, country: PhoneCountry): string {
  const example = examplePhoneNumber(country);
  return example ? t("phone.unreadable", { example }) : t("phone.unreadableNoExample");
}

/** The recovery contact field takes an email address or a mobile number. */
export function contactHint(t: PhoneWordsTranslator, country: PhoneCountry): string {
  const example = examplePhoneNumber(country);
  return example ? t("phone.contactHint", { example }) : t("phone.contactHintNoExample");
}

/**
 * Said under the recovery contact field when what was typed is neither: an `@` makes it an email address
 * (as the API infers it), letters without one are most likely an address too, digits a phone number.
 */
export function unreadableContact(t: PhoneWordsTranslator, typed: string, country: PhoneCountry): string {
  if (typed.includes("@")) return t("phone.wholeEmail");
  if (/\p{L}/u.test(typed)) {
    const example = examplePhoneNumber(country);
    return example ? t("phone.emailOrMobile", { example }) : t("phone.emailOrMobileNoExample");
  }
  return unreadablePhoneNumber(t, country);
}
