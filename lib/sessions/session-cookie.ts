import { env } from "../env.ts";

/**
 * The authorization server's session cookie. Over HTTPS it is `__Host-session`: Secure, Path=/, no
 * Domain, so no subdomain can plant or read it. Over plain HTTP (local development, where browsers refuse
 * Secure cookies) it drops the prefix and Secure. Always HttpOnly and SameSite=Lax: the authorization
 * endpoint is reached by top-level navigation from other sites, which Lax allows and Strict would not.
 */
export const SESSION_MAX_AGE_SECONDS = 14 * 24 * 60 * 60;

export function usesSecureCookies(): boolean {
  return env().BASE_URL.startsWith("https://");
}

export function sessionCookieName(): string {
  return usesSecureCookies() ? "__Host-session" : "session";
}

export interface CookieOptions {
  httpOnly: true;
  secure: boolean;
  sameSite: "lax";
  path: "/";
  maxAge: number;
}

export function sessionCookieOptions(maxAge = SESSION_MAX_AGE_SECONDS): CookieOptions {
  return { httpOnly: true, secure: usesSecureCookies(), sameSite: "lax", path: "/", maxAge };
}
