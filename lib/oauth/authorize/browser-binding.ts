import "server-only";
import type { CookieToSet } from "../../accounts/errors.ts";
import { hashToken, randomToken } from "../../crypto/tokens.ts";
import { usesSecureCookies } from "../../sessions/session-cookie.ts";
import { AUTHORIZATION_REQUEST_TTL_SECONDS } from "../authorization-request.ts";

/**
 * Binds a parked authorization request to the browser that started it (docs/decisions/0018). Parking a
 * request sets a random value in an HttpOnly cookie and stores only its hash on the request; every page and
 * endpoint that continues the request (sign-in, second factor, consent, resume) finds it only with that
 * cookie. So `/oauth/authorize/resume?request=<id>` or `/sign-in?request=<id>` sent to someone else leads
 * nowhere: their browser lacks the value, and the request is as good as expired for them.
 *
 * One value per browser serves every request it parks (several tabs, several apps); each park renews its
 * expiry to the request lifetime. `__Host-` over HTTPS (no subdomain can plant it), SameSite=Lax like the
 * session cookie: apps send members here by top-level navigation.
 */
export interface BrowserBinding {
  /** The cookie value. */
  token: string;
  /** What the parked request stores. */
  hash: string;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function browserBindingCookieName(): string {
  return usesSecureCookies() ? "__Host-authorize" : "authorize";
}

/** The hash a parked request must carry for this cookie value, or null for a missing or malformed one. */
export function browserBindingHash(cookieValue: string | undefined): string | null {
  return cookieValue && TOKEN_PATTERN.test(cookieValue) ? hashToken(cookieValue) : null;
}

/** The browser's binding: its cookie's value when it has a well-formed one, else a new one. */
export function browserBinding(cookieValue: string | undefined): BrowserBinding {
  const token = cookieValue && TOKEN_PATTERN.test(cookieValue) ? cookieValue : randomToken(32);
  return { token, hash: hashToken(token) };
}

/** The Set-Cookie of a binding, renewed for as long as a parked request lives. */
export function browserBindingCookie(binding: BrowserBinding): CookieToSet {
  return {
    name: browserBindingCookieName(),
    value: binding.token,
    options: { httpOnly: true, secure: usesSecureCookies(), sameSite: "lax", path: "/", maxAge: AUTHORIZATION_REQUEST_TTL_SECONDS },
  };
}
