import { NextResponse } from "next/server";
import { env } from "@/lib/env";
import { CSRF_FIELD, csrfCookieName, verifyCsrf } from "@/lib/http/csrf";
import { MAX_FORM_BODY_BYTES, readBodyText } from "@/lib/http/read-body";
import { clearPortalCookies, readPortalToken } from "@/lib/portal-auth/session-cookie";
import { portalLogoutUrl, revokePortalRefreshToken } from "@/lib/portal-auth/sign-out";
import { formMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { portalRoute } from "@/lib/http/portal-route";

export const dynamic = "force-dynamic";

// POST /portal/sign-out - ends the portal's session, then the authorization server's (RP-initiated logout)
export const POST = portalRoute(async (request) => {
  // The sign-out form holds one field; anything unreadable, oversized (16 KiB) or not a form fails the CSRF check.
  const form = await readBodyText(request, MAX_FORM_BODY_BYTES).then((text) => new URLSearchParams(text), () => null);
  if (!verifyCsrf(request, form?.get(CSRF_FIELD), request.cookies.get(csrfCookieName())?.value)) {
    return new Response("This sign-out request did not come from this site's own page. Go back, reload the page and try again.\n", {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const requestCookies = request.cookies.getAll();
  const token = await readPortalToken(requestCookies);
  if (token) await revokePortalRefreshToken(token.refreshToken);
  // Without a portal session there is no ID token to hint with; just go home.
  const response = NextResponse.redirect(token ? portalLogoutUrl(token.idToken) : `${env().BASE_URL}/`, 303);
  clearPortalCookies(response.cookies, requestCookies);
  response.headers.set("Cache-Control", "no-store");
  return response;
});

// GET, PUT, PATCH, DELETE /portal/sign-out - a GET (a typed address) never signs out: it goes to the account page
export const { GET, PUT, PATCH, DELETE } = formMethodNotAllowed("/account");
