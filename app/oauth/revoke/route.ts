import { oauthRoute, readOAuthForm } from "@/lib/http/oauth";
import { NO_STORE_HEADERS } from "@/lib/http/oauth";
import { authenticateClient } from "@/lib/oauth/clients/authenticate-client";
import { invalidRequest } from "@/lib/oauth/errors";
import { revokeToken } from "@/lib/oauth/revoke-token";
import { oauthMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /oauth/revoke - revoke an access or refresh token of the calling client (RFC 7009)
export const POST = oauthRoute(async (request, database) => {
  const form = await readOAuthForm(request);
  const { client } = await authenticateClient(database, request.headers, form);
  const token = form.get("token");
  if (!token) throw invalidRequest("token is required");
  await revokeToken(database, client, token, form.get("token_type_hint"));
  return new Response(null, { status: 200, headers: NO_STORE_HEADERS });
});

// GET, PUT, PATCH, DELETE /oauth/revoke - 405 invalid_request (RFC 6749 shape)
export const { GET, PUT, PATCH, DELETE } = oauthMethodNotAllowed(["POST"]);
