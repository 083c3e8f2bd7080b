import { NextResponse, type NextRequest } from "next/server";
import { CSRF_SEED_HEADER, csrfCookieName, newCsrfSeed } from "./lib/http/csrf-cookie.ts";
import { PAGE_ADDRESS_HEADER, PAGE_PATH_HEADER } from "./lib/http/page-path.ts";
import { PAGE_REQUEST_HEADER } from "./lib/i18n/page-request-header.ts";
import { REQUEST_ID_HEADER, requestIdFor } from "./lib/http/request-id.ts";
import { EMBED_FRAME_CONTENT_SECURITY_POLICY, EMBED_FRAME_PATH, HSTS_VALUE, newNonce, pageContentSecurityPolicy, wantsHsts } from "./lib/http/security-headers.ts";
import { env } from "./lib/env.ts";
import { usesSecureCookies } from "./lib/sessions/session-cookie.ts";

/**
 * Runs before every page (see the matcher) and does three things the page cannot do while rendering:
 * 1. a Content-Security-Policy with a fresh nonce (lib/http/security-headers.ts). The policy also goes on
 *    the request's headers, where Next finds the nonce and puts it on every script it writes;
 * 2. the request id (X-Request-Id), kept from the custom server or a proxy in front, so `next start` and
 *    Vercel pages carry one too;
 * 3. the CSRF seed cookie, so the page's forms can carry the matching token (lib/http/csrf.ts); a freshly
 *    minted seed is forwarded in a request header so the same render can use it.
 * It also tells the render what Next does not: the page's path and address, and the authorization request
 * (`?request=`) whose ui_locales may choose its language. Whatever a client sent in those headers is replaced.
 */
const PRINTABLE_ASCII = /^[\x21-\x7e]*$/;
/** A parked authorization request's id: base64url, as lib/oauth/authorization-request.ts reads them. */
const REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function proxy(request: NextRequest) {
  const config = env();
  // The calendar widget's iframe page (0028): its own policy, framed by any site, and no cookie at all.
  if (request.nextUrl.pathname === EMBED_FRAME_PATH) return embedFrameAnswer(request, config.BASE_URL, config.NODE_ENV);
  const nonce = newNonce();
  const policy = pageContentSecurityPolicy({
    nonce,
    baseUrl: config.BASE_URL,
    assetUrl: config.ASSET_URL,
    development: config.NODE_ENV === "development",
    pathname: request.nextUrl.pathname,
  });
  const requestId = requestIdFor(request.headers);
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", policy);
  headers.set(REQUEST_ID_HEADER, requestId);
  // The page's path, for the root layout: while the church is being set up it shows a notice on every page but /setup.
  headers.set(PAGE_PATH_HEADER, request.nextUrl.pathname);
  // A header holds Latin-1 only: an address that is not plain ASCII (a query with characters left unescaped)
  // is given as its path alone, and a request id that is not one of ours is not passed on at all.
  const address = `${request.nextUrl.pathname}${request.nextUrl.search}`;
  headers.set(PAGE_ADDRESS_HEADER, address.length <= 2000 && PRINTABLE_ASCII.test(address) ? address : request.nextUrl.pathname);
  // The authorization request a sign-in page serves: its ui_locales choose the page's language (lib/i18n).
  const pageRequest = request.nextUrl.searchParams.get("request");
  if (pageRequest && REQUEST_ID.test(pageRequest)) headers.set(PAGE_REQUEST_HEADER, pageRequest);
  else headers.delete(PAGE_REQUEST_HEADER);

  const name = csrfCookieName();
  const seed = request.cookies.get(name) ? null : newCsrfSeed();
  if (seed) headers.set(CSRF_SEED_HEADER, seed);
  const response = NextResponse.next({ request: { headers } });
  if (seed) response.cookies.set(name, seed, { httpOnly: true, secure: usesSecureCookies(), sameSite: "lax", path: "/" });
  response.headers.set("Content-Security-Policy", policy);
  response.headers.set("X-Request-Id", requestId);
  // A page's language may follow the browser's (lib/i18n): a cache in front must keep one copy per language.
  response.headers.append("Vary", "Accept-Language");
  if (wantsHsts(config.BASE_URL, config.NODE_ENV)) response.headers.set("Strict-Transport-Security", HSTS_VALUE);
  return response;
}

function embedFrameAnswer(request: NextRequest, baseUrl: string, nodeEnv: string | undefined) {
  const requestId = requestIdFor(request.headers);
  const headers = new Headers(request.headers);
  headers.set(REQUEST_ID_HEADER, requestId);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", EMBED_FRAME_CONTENT_SECURITY_POLICY);
  response.headers.set("X-Request-Id", requestId);
  if (wantsHsts(baseUrl, nodeEnv)) response.headers.set("Strict-Transport-Security", HSTS_VALUE);
  return response;
}

export const config = {
  // Pages only. Not: the JSON and iCalendar APIs, the OAuth endpoints (except the error page), the form
  // handlers under /auth and the portal's API relay and sign-out (they take bodies, which Next would buffer
  // for a proxy), static files, the church's theme and logo (app/branding). Those get the API policy from server/main.ts or next.config.ts. Nor the
  // calendar widget's script, which sets no cookie (0028).
  matcher: ["/((?!embed/calendar\\.js$|api/|branding/|oauth/(?!error)|auth/|portal/api/|portal/sign-out|\\.well-known/|_next/|images/|favicon|icon).*)"],
};
