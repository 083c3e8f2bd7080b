import { usesSecureCookies } from "../sessions/session-cookie.ts";

/** The language switcher's choice (issue 41): `__Host-locale` over HTTPS, `locale` on a development http origin. */
export function localeCookieName(): string {
  return usesSecureCookies() ? "__Host-locale" : "locale";
}

/** A year: a choice of language is kept until the member makes another. */
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
