import { NextResponse, type NextRequest } from "next/server";
import { CSRF_SEED_HEADER, csrfCookieName, newCsrfSeed } from "./lib/http/csrf-cookie.ts";
import { usesSecureCookies } from "./lib/sessions/session-cookie.ts";

/**
 * Gives every browser that views a page a CSRF seed cookie, so the page's forms can carry the matching
 * token (lib/http/csrf.ts). A page cannot set cookies while rendering; this runs before it and forwards
 * a freshly minted seed in a request header so the same render can use it.
 */
export function proxy(request: NextRequest) {
  const name = csrfCookieName();
  if (request.cookies.get(name)) return NextResponse.next();
  const seed = newCsrfSeed();
  const headers = new Headers(request.headers);
  headers.set(CSRF_SEED_HEADER, seed);
  const response = NextResponse.next({ request: { headers } });
  response.cookies.set(name, seed, { httpOnly: true, secure: usesSecureCookies(), sameSite: "lax", path: "/" });
  return response;
}

export const config = {
  // Pages only: not the APIs, not static files.
  matcher: ["/((?!api/|oauth/|\\.well-known/|_next/|images/|favicon|icon).*)"],
};
