import { browserOAuthParams, browserSession } from "@/lib/http/authorize";
import { oauthEndpointRoutes } from "@/lib/http/oauth-endpoint-route";
import { endSession } from "@/lib/oauth/end-session";
import { sessionCookieName, sessionCookieOptions } from "@/lib/sessions/session-cookie";
import { endSessionEndpoint } from "@/lib/oauth/oauth-endpoints";

export const dynamic = "force-dynamic";

function expiredSessionCookie(): string {
  const options = sessionCookieOptions(0);
  return `${sessionCookieName()}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${options.secure ? "; Secure" : ""}`;
}

// GET /oauth/logout - RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0); POST the same, form-encoded
export const { GET, POST, PUT, PATCH, DELETE } = oauthEndpointRoutes(endSessionEndpoint, async (request, database) => {
  const params = await browserOAuthParams(request);
  const outcome = await endSession(database, params, await browserSession(database, request));
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (outcome.action === "confirm") {
    headers.set("Location", outcome.confirmPath);
  } else {
    headers.set("Location", outcome.redirectTo);
    if (outcome.action === "signed_out") headers.append("Set-Cookie", expiredSessionCookie());
  }
  return new Response(null, { status: 303, headers });
});
