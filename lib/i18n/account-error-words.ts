import { ACCOUNT_ERRORS, type AccountErrorCode } from "../accounts/errors.ts";
import { FIELD_MESSAGES } from "../accounts/schemas.ts";
import type { AppLocale } from "../kernel/locales.ts";
import { tooManyAttemptsMessage, waitInWords } from "../limits/policies.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../passwords/password-policy.ts";
import { translatorFor } from "./translator.ts";

/**
 * The sign-in and account forms' errors in a member's language (issue 41). ACCOUNT_ERRORS and FIELD_MESSAGES
 * keep the English the contract names (error_description); the messages files say the same in every
 * language, English's word for word (account-error-words.test.ts holds the two together).
 */
// i18n-uses: AccountErrors.*
// i18n-uses: FieldMessages.*
// i18n-uses: AttemptLimits.*

export type FormField = keyof typeof FIELD_MESSAGES;

export function isFormField(field: string | undefined): field is FormField {
  return field !== undefined && Object.hasOwn(FIELD_MESSAGES, field);
}

export function accountErrorMessage(code: AccountErrorCode, locale: AppLocale): string {
  return locale === "en" ? ACCOUNT_ERRORS[code].message : translatorFor(locale, "AccountErrors")(code);
}

export function fieldMessage(field: FormField, locale: AppLocale): string {
  return locale === "en" ? FIELD_MESSAGES[field] : translatorFor(locale, "FieldMessages")(field, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
}

/** "Too many attempts. Try again in 3 minutes.", as tooManyAttemptsMessage says it in English. */
export function tooManyAttemptsWords(retryAfterSeconds: number, locale: AppLocale): string {
  if (locale === "en") return tooManyAttemptsMessage(retryAfterSeconds);
  const { unit, count } = waitInWords(retryAfterSeconds);
  const t = translatorFor(locale, "AttemptLimits");
  return unit === "seconds" ? t("waitSeconds", { seconds: count }) : t("waitMinutes", { minutes: count });
}
