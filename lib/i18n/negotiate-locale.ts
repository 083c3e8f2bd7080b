import Negotiator from "negotiator";
import { appLocaleOf, LOCALES, type AppLocale } from "../kernel/locales.ts";

/**
 * The language a page speaks (issue 41), from the first of these that names one we offer:
 * 1. the member's saved preference (Account › Profile; also their `locale` claim);
 * 2. `ui_locales` of the authorization request the page serves (OpenID Connect Core §3.1.2.1: a
 *    space-separated list, most preferred first);
 * 3. the language switcher's cookie;
 * 4. the browser's Accept-Language, by its q-values;
 * 5. the church's default.
 * A tag we do not offer is passed over, never an error. Pure.
 */
export interface LocaleChoices {
  saved: string | null;
  uiLocales: string | null;
  cookie: string | null;
  acceptLanguage: string | null;
  churchDefault: AppLocale;
}

export function negotiateLocale(choices: LocaleChoices): AppLocale {
  return (
    appLocaleOf(choices.saved) ??
    firstOffered(choices.uiLocales?.split(" ") ?? []) ??
    appLocaleOf(choices.cookie) ??
    acceptedLocale(choices.acceptLanguage) ??
    choices.churchDefault
  );
}

function firstOffered(tags: readonly string[]): AppLocale | null {
  for (const tag of tags) {
    const locale = appLocaleOf(tag);
    if (locale) return locale;
  }
  return null;
}

/** Accept-Language's languages in the order of their q-values (negotiator reads the header), the first we offer. */
export function acceptedLocale(header: string | null): AppLocale | null {
  if (!header) return null;
  // negotiator matches a region tag (es-MX) to its language (es) only when asked for the languages offered.
  return firstOffered(new Negotiator({ headers: { "accept-language": header } }).languages([...LOCALES]));
}
