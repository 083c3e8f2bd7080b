import type { Database } from "@/lib/db";
import { oauthJson, oauthRoute, readOAuthForm } from "@/lib/http/oauth";
import { oauthMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { presentedAccessTokenOrBody, type PresentedAccessToken } from "@/lib/oauth/bearer";
import { readUserinfo } from "@/lib/oauth/userinfo";

export const dynamic = "force-dynamic";

/** A POST may carry the token as a form parameter instead of the header (RFC 6750 2.2), as some clients do. */
async function tokenOf(request: Request): Promise<PresentedAccessToken | null> {
  const isForm = request.method === "POST" && request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() === "application/x-www-form-urlencoded";
  return presentedAccessTokenOrBody(request.headers, isForm ? await readOAuthForm(request) : null);
}

async function userinfo(request: Request, database: Database): Promise<Response> {
  return oauthJson(await readUserinfo(database, await tokenOf(request), request));
}

// GET /oauth/userinfo - the signed-in member's claims, by the access token's scopes (OIDC Core 5.3)
export const GET = oauthRoute(userinfo);
// POST /oauth/userinfo - the same (OIDC Core 5.3.1), the token in the header or the form body (RFC 6750 2.2)
export const POST = oauthRoute(userinfo);

// PUT, PATCH, DELETE /oauth/userinfo - 405 invalid_request (RFC 6749 shape)
export const { PUT, PATCH, DELETE } = oauthMethodNotAllowed(["GET", "POST"]);
