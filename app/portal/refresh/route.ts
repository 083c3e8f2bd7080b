import { NextResponse } from "next/server";
import { env } from "@/lib/env";
import { DEFAULT_AFTER_SIGN_IN_PATH, portalSignInHref, safeReturnPath } from "@/lib/portal-auth/paths";
import { freshenPortalToken } from "@/lib/portal-auth/refresh-tokens";
import { readPortalToken, writePortalToken } from "@/lib/portal-auth/session-cookie";
import { browserMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { portalRoute } from "@/lib/http/portal-route";

export const dynamic = "force-dynamic";

// GET /portal/refresh - renews the portal's stale access token where the new cookie can be written, then back to ?callbackUrl
export const GET = portalRoute(async (request) => {
  const { BASE_URL } = env();
  const returnTo = safeReturnPath(request.nextUrl.searchParams.get("callbackUrl"), BASE_URL) ?? DEFAULT_AFTER_SIGN_IN_PATH;
  const requestCookies = request.cookies.getAll();
  const token = await readPortalToken(requestCookies);
  if (!token?.sub || token.error) return noStore(NextResponse.redirect(`${BASE_URL}${portalSignInHref(returnTo)}`, 303));
  // Still fresh (another tab or request refreshed it first): nothing to spend.
  const { token: fresh, changed } = await freshenPortalToken(token);
  const target = fresh.error ? portalSignInHref(returnTo) : returnTo;
  const response = NextResponse.redirect(`${BASE_URL}${target}`, 303);
  if (changed) await writePortalToken(response.cookies, fresh, requestCookies);
  return noStore(response);
});

function noStore(response: NextResponse): NextResponse {
  response.headers.set("Cache-Control", "no-store");
  return response;
}

// POST, PUT, PATCH, DELETE /portal/refresh - our error page (invalid_request)
export const { POST, PUT, PATCH, DELETE } = browserMethodNotAllowed();
