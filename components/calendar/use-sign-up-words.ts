import { useLocale, useTranslations } from "next-intl";
import type { SignUpWords } from "./sign-up-summary";

/**
 * The words sign-up-summary.ts needs, in the page's language: the "Calendar.signUp" and "Calendar.counts"
 * messages (a client component's page names both in its ClientMessages) and the locale.
 */
export function useSignUpWords(): SignUpWords {
  return {
    t: useTranslations("Calendar.signUp"),
    counts: useTranslations("Calendar.counts"),
    locale: useLocale(),
  };
}
