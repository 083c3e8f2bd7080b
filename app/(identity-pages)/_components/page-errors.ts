import { ACCOUNT_ERRORS, isAccountErrorCode } from "@/lib/accounts/errors";
import { refusalSentence } from "@/components/passwords/password-strength-words";
import { translatorFor } from "@/lib/i18n/translator";
import { accountErrorMessage, fieldMessage, isFormField, tooManyAttemptsWords } from "@/lib/i18n/account-error-words";
import type { AppLocale } from "@/lib/kernel/locales";
import { isPasswordRefusal, PASSWORD_REFUSAL_MESSAGES } from "@/lib/passwords/password-policy";
import type { AuthFormError } from "./auth-form";

/**
 * The error a form handler sent back in the query after a no-JS post (`?error=code&field=…&retry_after=…`),
 * as the sentence to show. Only codes of the closed table are shown, so a crafted link cannot put
 * arbitrary text on the page.
 */
export type SearchParams = Record<string, string | string[] | undefined>;

export function param(searchParams: SearchParams, name: string): string | undefined {
  const value = searchParams[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first === "" ? undefined : first;
}

function ownString(table: object, key: string): string | undefined {
  const value: unknown = Object.hasOwn(table, key) ? (table as Record<string, unknown>)[key] : undefined;
  return typeof value === "string" ? value : undefined;
}

/**
 * Field names whose message depends on the form (e.g. a new password vs the current one), in the page's words;
 * the rest in the page's language (`locale`; English by default).
 */
export function errorFromQuery(searchParams: SearchParams, fieldMessages: Partial<Record<string, string>> = {}, locale: AppLocale = "en"): AuthFormError | null {
  const code = param(searchParams, "error");
  if (!isAccountErrorCode(code)) return null;
  if (code === "too_many_requests") {
    const seconds = Number(param(searchParams, "retry_after"));
    return { message: Number.isFinite(seconds) && seconds > 0 ? tooManyAttemptsWords(seconds, locale) : accountErrorMessage(code, locale) };
  }
  if (code === "invalid_request") {
    const field = param(searchParams, "field");
    // Own keys only: `field=__proto__` or `field=constructor` must not find Object's own members (a 500).
    const given = field ? ownString(fieldMessages, field) : undefined;
    const known = given ?? (isFormField(field) ? fieldMessage(field, locale) : undefined);
    if (field && known) return { field, message: known };
  }
  return { message: accountErrorMessage(code, locale), field: ACCOUNT_ERRORS[code].field };
}

/** The sentence for a refused new password after a no-JS round trip: why, from `?reason=`, else its length rule (in the page's language). */
export function newPasswordMessage(searchParams: SearchParams, locale: AppLocale = "en"): string {
  const reason = param(searchParams, "reason");
  if (!isPasswordRefusal(reason)) return fieldMessage("new_password", locale);
  return locale === "en" ? PASSWORD_REFUSAL_MESSAGES[reason] : refusalSentence(reason, translatorFor(locale, "PasswordStrength"));
}
