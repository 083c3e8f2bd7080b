import { NO_STORE_HEADERS, readOAuthForm } from "@/lib/http/oauth";
import { oauthEndpointRoutes } from "@/lib/http/oauth-endpoint-route";
import { authenticateClient } from "@/lib/oauth/clients/authenticate-client";
import { invalidRequest } from "@/lib/oauth/errors";
import { revocationEndpoint } from "@/lib/oauth/oauth-endpoints";
import { revokeToken } from "@/lib/oauth/revoke-token";

export const dynamic = "force-dynamic";

// POST /oauth/revoke - revoke an access or refresh token of the calling client (RFC 7009)
export const { GET, POST, PUT, PATCH, DELETE } = oauthEndpointRoutes(revocationEndpoint, async (request, database) => {
  const form = await readOAuthForm(request);
  const { client } = await authenticateClient(database, request.headers, form);
  const token = form.get("token");
  if (!token) throw invalidRequest("token is required");
  await revokeToken(database, client, token, form.get("token_type_hint"));
  return new Response(null, { status: 200, headers: NO_STORE_HEADERS });
});
