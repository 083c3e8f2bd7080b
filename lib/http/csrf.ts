import "server-only";
import { env } from "../env.ts";
import { constantTimeEqual, keyedHash } from "../crypto/tokens.ts";
import { CSRF_FIELD, CSRF_SEED_HEADER, csrfCookieName } from "./csrf-cookie.ts";

export { CSRF_FIELD, CSRF_SEED_HEADER, csrfCookieName };

/**
 * CSRF protection for every form of the authorization server, two independent checks:
 * 1. the request's Origin (or, without one, Sec-Fetch-Site) must be this site;
 * 2. a signed double-submit token: an HttpOnly random cookie, set by proxy.ts on the first page view,
 *    and a hidden field holding its HMAC under a key derived from APP_SECRET. A cookie planted by a
 *    sibling host cannot be paired with a valid field without that key.
 */
export function csrfTokenFor(seed: string): string {
  return keyedHash("csrf", seed);
}

function sameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (origin) return origin === new URL(env().BASE_URL).origin || origin === new URL(request.url).origin;
  const site = request.headers.get("sec-fetch-site");
  return site === null || site === "same-origin" || site === "none";
}

/** True when the request is a same-site form post carrying the token that matches its cookie. */
export function verifyCsrf(request: Request, submittedToken: unknown, cookieValue: string | undefined): boolean {
  if (!sameOrigin(request)) return false;
  if (typeof submittedToken !== "string" || !cookieValue) return false;
  return constantTimeEqual(submittedToken, csrfTokenFor(cookieValue));
}

/** The token a page puts in its forms' hidden field; null when the browser has no seed cookie yet. */
export async function csrfTokenForPage(): Promise<string | null> {
  const { cookies, headers } = await import("next/headers");
  const seed = (await cookies()).get(csrfCookieName())?.value ?? (await headers()).get(CSRF_SEED_HEADER);
  return seed ? csrfTokenFor(seed) : null;
}
