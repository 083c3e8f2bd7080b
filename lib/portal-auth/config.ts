import "server-only";
import { derivedKey } from "../crypto/tokens.ts";
import { env } from "../env.ts";
import { PORTAL_SCOPES } from "../oauth/clients/portal-scopes.ts";
import { MEMBER_SESSION } from "../sessions/session-lifetimes.ts";

/**
 * Settings of the portal's next-auth session, all derived from the validated environment so a
 * deployment needs nothing beyond BASE_URL and APP_SECRET:
 * - the secret that encrypts next-auth's cookies: NEXTAUTH_SECRET when set, else a key derived from
 *   APP_SECRET for this one purpose (HKDF, lib/crypto/tokens.ts);
 * - NEXTAUTH_URL (next-auth v4 reads it from process.env on every request): BASE_URL when unset;
 * - `__Secure-` cookie names exactly when BASE_URL is https.
 * Nothing here runs at import time: `next build` loads these modules without the server's secrets.
 */

/**
 * The portal's cookie lasts as long as a member's sign-in session can (lib/sessions/session-lifetimes.ts);
 * the session itself may end sooner (idle, staff, signed out), and then the next refresh fails.
 */
export const PORTAL_SESSION_MAX_AGE_SECONDS = MEMBER_SESSION.absoluteSeconds;
/** Refresh this long before the access token expires, so a token handed to server code stays valid for its call. */
export const REFRESH_BEFORE_EXPIRY_SECONDS = 60;
/** next-auth's provider id; our client's registered redirect URI ends in /api/auth/callback/church. */
export const PORTAL_PROVIDER_ID = "church";
/** What the portal asks for (lib/oauth/clients/portal-scopes.ts). */
export const PORTAL_SCOPE = PORTAL_SCOPES.join(" ");

export function portalAuthSecret(): string {
  return process.env.NEXTAUTH_SECRET || derivedKey("nextauth-secret").toString("base64url");
}

/** Sets NEXTAUTH_URL from BASE_URL when the deployment did not set it; call before any next-auth code runs. */
export function ensureNextAuthUrl(): void {
  if (!process.env.NEXTAUTH_URL) process.env.NEXTAUTH_URL = env().BASE_URL;
}

export function portalUsesSecureCookies(): boolean {
  return env().BASE_URL.startsWith("https://");
}

/** next-auth's default cookie names (core/lib/cookie.js), which both next-auth and this folder write. */
export function portalCookieNames() {
  const prefix = portalUsesSecureCookies() ? "__Secure-" : "";
  return {
    sessionToken: `${prefix}next-auth.session-token`,
    callbackUrl: `${prefix}next-auth.callback-url`,
    csrfToken: `${portalUsesSecureCookies() ? "__Host-" : ""}next-auth.csrf-token`,
  };
}
