/**
 * The portal's own sign-in, refresh and sign-out addresses, and the one check every "where to go
 * afterwards" value passes. Pure: the header (a component) and the route handlers share it.
 */

/** GET: starts the portal's sign-in at our authorization server (next-auth's code + PKCE flow). */
export const PORTAL_SIGN_IN_PATH = "/portal/sign-in";
/** A page that explains a sign-in that did not finish (next-auth's `pages.error`). */
export const PORTAL_SIGN_IN_ERROR_PATH = "/portal/sign-in/error";
/** GET: refreshes the portal's access token where the new cookie can be written, then goes back. */
export const PORTAL_REFRESH_PATH = "/portal/refresh";
/** POST (form, CSRF-checked): ends the portal session and the authorization server's session. */
export const PORTAL_SIGN_OUT_PATH = "/portal/sign-out";
/** Where a member lands after signing in when nothing else was asked for. */
export const DEFAULT_AFTER_SIGN_IN_PATH = "/account";

/**
 * A same-site path (with its query) to go to after signing in or refreshing, or null when the value is
 * missing or points anywhere else: an open redirect would let a link to our sign-in send people to any
 * site. Accepts a path ("/account?tab=1") or an absolute URL on `baseUrl`'s origin (next-auth sends
 * those); refuses protocol-relative ("//evil"), backslash ("/\\evil") and non-http(s) values.
 */
export function safeReturnPath(value: string | null | undefined, baseUrl: string): string | null {
  if (!value || value.length > 2000) return null;
  const base = new URL(baseUrl);
  let url: URL;
  try {
    url = value.startsWith("/") ? new URL(value, base) : new URL(value);
  } catch {
    return null;
  }
  if (value.startsWith("/") && (value.startsWith("//") || value.startsWith("/\\"))) return null;
  if (url.origin !== base.origin) return null;
  // Never send someone back into the sign-in machinery itself (a loop), nor to next-auth's endpoints.
  if (url.pathname.startsWith("/portal/") || url.pathname.startsWith("/api/auth/")) return null;
  return `${url.pathname}${url.search}`;
}

/** The portal's sign-in address, coming back to `returnTo` afterwards. */
export function portalSignInHref(returnTo: string = DEFAULT_AFTER_SIGN_IN_PATH): string {
  return `${PORTAL_SIGN_IN_PATH}?${new URLSearchParams({ callbackUrl: returnTo })}`;
}

/**
 * "Confirm it's you": signs the member in again even though they are signed in (`max_age=0` at our issuer),
 * so the portal holds a fresh sign-in for a sensitive change (RFC 9470 step-up), then back to `returnTo`.
 */
export function portalConfirmHref(returnTo: string = DEFAULT_AFTER_SIGN_IN_PATH): string {
  return `${PORTAL_SIGN_IN_PATH}?${new URLSearchParams({ callbackUrl: returnTo, confirm: "1" })}`;
}

/** The refresh address, coming back to `returnTo` afterwards. */
export function portalRefreshHref(returnTo: string): string {
  return `${PORTAL_REFRESH_PATH}?${new URLSearchParams({ callbackUrl: returnTo })}`;
}
