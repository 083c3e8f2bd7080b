import { NO_STORE_HEADERS, oauthJson, oauthRoute } from "@/lib/http/oauth";
import { bearerToken } from "@/lib/oauth/bearer";
import { BearerError, readUserinfo } from "@/lib/oauth/userinfo";
import { oauthMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

async function userinfo(request: Request): Promise<Response> {
  try {
    return oauthJson(await readUserinfo(bearerToken(request.headers)));
  } catch (error) {
    if (!(error instanceof BearerError)) throw error;
    const challenge = `Bearer error="${error.code}", error_description="${error.description}"`;
    return new Response(JSON.stringify({ error: error.code, error_description: error.description }), {
      status: error.status,
      headers: { "Content-Type": "application/json", "WWW-Authenticate": challenge, ...NO_STORE_HEADERS },
    });
  }
}

// GET /oauth/userinfo - the signed-in member's claims, by the access token's scopes (OIDC Core 5.3)
export const GET = oauthRoute(userinfo);
// POST /oauth/userinfo - the same (OIDC Core 5.3.1 allows POST)
export const POST = oauthRoute(userinfo);

// PUT, PATCH, DELETE /oauth/userinfo - 405 invalid_request (RFC 6749 shape)
export const { PUT, PATCH, DELETE } = oauthMethodNotAllowed(["GET", "POST"]);
