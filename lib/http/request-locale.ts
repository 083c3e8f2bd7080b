import "server-only";
import { cache } from "react";
import { cookies, headers } from "next/headers";
import { database } from "../db.ts";
import { env } from "../env.ts";
import { describeError, logLine } from "../log/json-log.ts";
import { isUuid } from "../identity/ids.ts";
import { getAuthorizationRequest } from "../oauth/authorization-request.ts";
import { browserBindingCookieName, browserBindingHash } from "../oauth/authorize/browser-binding.ts";
import { readPortalToken } from "../portal-auth/session-cookie.ts";
import { currentChurch } from "./current-church.ts";
import { currentSession } from "./current-session.ts";
import { localeCookieName } from "../i18n/locale-cookie.ts";
import { type AppLocale } from "../kernel/locales.ts";
import { negotiateLocale } from "../i18n/negotiate-locale.ts";
import { PAGE_REQUEST_HEADER } from "../i18n/page-request-header.ts";

/**
 * The language of the page being rendered (negotiateLocale's order), once per render. Each database read is
 * skipped if it fails: an outage never turns a page into an error, it only speaks the browser's language.
 */
export const requestLocale = cache(async (): Promise<AppLocale> => {
  const [cookieStore, headerStore] = await Promise.all([cookies(), headers()]);
  const [saved, uiLocales, church] = await Promise.all([savedLocale(cookieStore), pageRequestUiLocales(cookieStore, headerStore.get(PAGE_REQUEST_HEADER)), currentChurch().catch(() => null)]);
  return negotiateLocale({
    saved,
    uiLocales,
    cookie: cookieStore.get(localeCookieName())?.value ?? null,
    acceptLanguage: headerStore.get("accept-language"),
    churchDefault: church?.defaultLocale ?? env().CHURCH_LOCALE,
  });
});

type CookieStore = Awaited<ReturnType<typeof cookies>>;

/** The signed-in member's saved language: the portal's member, else the sign-in session's (read with it, no query of its own). */
async function savedLocale(cookieStore: CookieStore): Promise<string | null> {
  try {
    const memberId = (await readPortalToken(cookieStore.getAll()))?.sub;
    if (!memberId || !isUuid(memberId)) return (await currentSession())?.locale ?? null;
    const [found] = await (await database()).query<{ locale: string | null }>(`SELECT locale FROM account WHERE id = $1::uuid`, [memberId]);
    return found?.locale ?? null;
  } catch (error) {
    logLine("warn", "saved language not read", describeError(error));
    return null;
  }
}

/** `ui_locales` of the authorization request the page serves, when that request is this browser's. */
async function pageRequestUiLocales(cookieStore: CookieStore, requestId: string | null): Promise<string | null> {
  if (!requestId) return null;
  try {
    const parked = await getAuthorizationRequest(await database(), requestId, browserBindingHash(cookieStore.get(browserBindingCookieName())?.value));
    return parked?.params.ui_locales ?? null;
  } catch (error) {
    logLine("warn", "authorization request's languages not read", describeError(error));
    return null;
  }
}
