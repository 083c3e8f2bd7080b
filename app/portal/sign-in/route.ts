import { env } from "@/lib/env";
import { readPortalToken } from "@/lib/portal-auth/session-cookie";
import { DEFAULT_AFTER_SIGN_IN_PATH, PORTAL_SIGN_IN_ERROR_PATH, safeReturnPath } from "@/lib/portal-auth/paths";
import { startPortalSignIn } from "@/lib/portal-auth/start-sign-in";
import { browserMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { portalRoute } from "@/lib/http/portal-route";

export const dynamic = "force-dynamic";

// GET /portal/sign-in - starts signing in to the portal at our authorization server, then back to ?callbackUrl;
// with ?confirm=1, signs the member in again although they are signed in ("Confirm it's you", max_age=0)
export const GET = portalRoute(async (request) => {
  const { BASE_URL } = env();
  const params = request.nextUrl.searchParams;
  // next-auth sends errors to its sign-in page in some cases; show them rather than start over in a loop.
  const error = params.get("error");
  if (error) return Response.redirect(`${BASE_URL}${PORTAL_SIGN_IN_ERROR_PATH}?${new URLSearchParams({ error: error.slice(0, 64) })}`, 303);
  const returnTo = safeReturnPath(params.get("callbackUrl"), BASE_URL) ?? DEFAULT_AFTER_SIGN_IN_PATH;
  const requestCookies = request.cookies.getAll();
  const token = await readPortalToken(requestCookies);
  const signedIn = Boolean(token?.sub && !token?.error);
  if (params.get("confirm") === "1" && signedIn) {
    // A fresh sign-in of the same member: the issuer asks for the password (and second factor) again.
    return startPortalSignIn(request, requestCookies, returnTo, { max_age: "0", ...(token?.email ? { login_hint: token.email } : {}) });
  }
  // Already signed in: nothing to start.
  if (signedIn) return Response.redirect(`${BASE_URL}${returnTo}`, 303);
  return startPortalSignIn(request, requestCookies, returnTo);
});

// POST, PUT, PATCH, DELETE /portal/sign-in - our error page (invalid_request)
export const { POST, PUT, PATCH, DELETE } = browserMethodNotAllowed();
