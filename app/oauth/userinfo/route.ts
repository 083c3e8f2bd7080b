import type { Database } from "@/lib/db";
import { oauthJson, oauthRoute } from "@/lib/http/oauth";
import { oauthMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { bearerToken } from "@/lib/oauth/bearer";
import { readUserinfo } from "@/lib/oauth/userinfo";

export const dynamic = "force-dynamic";

async function userinfo(request: Request, database: Database): Promise<Response> {
  return oauthJson(await readUserinfo(database, bearerToken(request.headers)));
}

// GET /oauth/userinfo - the signed-in member's claims, by the access token's scopes (OIDC Core 5.3)
export const GET = oauthRoute(userinfo);
// POST /oauth/userinfo - the same (OIDC Core 5.3.1 allows POST)
export const POST = oauthRoute(userinfo);

// PUT, PATCH, DELETE /oauth/userinfo - 405 invalid_request (RFC 6749 shape)
export const { PUT, PATCH, DELETE } = oauthMethodNotAllowed(["GET", "POST"]);
