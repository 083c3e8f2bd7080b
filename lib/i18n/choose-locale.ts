import type { CookieToSet } from "../accounts/errors.ts";
import type { Database } from "../db/database.ts";
import { sessionCookieOptions } from "../sessions/session-cookie.ts";
import { LOCALE_COOKIE_MAX_AGE_SECONDS, localeCookieName } from "./locale-cookie.ts";
import type { AppLocale } from "../kernel/locales.ts";

/**
 * A language chosen with the switcher (issue 41): remembered in this browser's cookie, and saved as the
 * signed-in member's own (their `locale` claim), since a saved choice outranks the cookie and the two must
 * never disagree. `memberIds`: whoever this browser is signed in as (the portal's member, the sign-in session's).
 */
export async function chooseLocale(database: Database, locale: AppLocale, memberIds: readonly string[]): Promise<CookieToSet> {
  if (memberIds.length > 0) {
    await database.query(`UPDATE account SET locale = $2, updated_at = now() WHERE id = ANY($1::uuid[]) AND locale IS DISTINCT FROM $2`, [memberIds, locale]);
  }
  return { name: localeCookieName(), value: locale, options: sessionCookieOptions(LOCALE_COOKIE_MAX_AGE_SECONDS) };
}
