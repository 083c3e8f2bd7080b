import "server-only";
import type { CookieToSet } from "../accounts/errors.ts";
import { clearedCookie, openSealedCookie, sealedCookie, sealedCookieName } from "../sealed-cookies/sealed-cookie.ts";

/**
 * The two browser-side halves of federation (docs/decisions/0014), both sealed, HttpOnly, SameSite=Lax:
 *
 * - `fed-attempt` holds the `state` of the attempt this browser started. The callback is accepted only
 *   with it, so a callback URL made in one browser (an attacker's, with their own provider account) and
 *   opened in another (the victim's) is refused: no login CSRF, no linking someone else's identity.
 * - `fed-link` holds the one-time link code between the callback and the portal's confirmation, so the
 *   code never appears in a URL, a page or JavaScript.
 */
export const ATTEMPT_TTL_SECONDS = 10 * 60;
export const LINK_CODE_TTL_SECONDS = 10 * 60;

const ATTEMPT_COOKIE = "fed-attempt";
const ATTEMPT_PURPOSE = "federated-attempt-cookie";
const LINK_COOKIE = "fed-link";
const LINK_PURPOSE = "federated-link-cookie";

export const attemptCookieName = () => sealedCookieName(ATTEMPT_COOKIE);
export const linkCookieName = () => sealedCookieName(LINK_COOKIE);

export function attemptCookie(state: string, now = new Date()): Promise<CookieToSet> {
  return sealedCookie(ATTEMPT_COOKIE, ATTEMPT_PURPOSE, { state }, ATTEMPT_TTL_SECONDS, now);
}

export const clearedAttemptCookie = (): CookieToSet => clearedCookie(ATTEMPT_COOKIE);

export async function readAttemptCookie(value: string | undefined, now = new Date()): Promise<string | null> {
  const payload = await openSealedCookie(ATTEMPT_PURPOSE, value, now);
  return typeof payload?.state === "string" ? payload.state : null;
}

export function linkCookie(code: string, now = new Date()): Promise<CookieToSet> {
  return sealedCookie(LINK_COOKIE, LINK_PURPOSE, { code }, LINK_CODE_TTL_SECONDS, now);
}

export const clearedLinkCookie = (): CookieToSet => clearedCookie(LINK_COOKIE);

export async function readLinkCookie(value: string | undefined, now = new Date()): Promise<string | null> {
  const payload = await openSealedCookie(LINK_PURPOSE, value, now);
  return typeof payload?.code === "string" ? payload.code : null;
}
