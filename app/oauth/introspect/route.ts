import { oauthJson, readOAuthForm } from "@/lib/http/oauth";
import { oauthEndpointRoutes } from "@/lib/http/oauth-endpoint-route";
import { authenticateClient } from "@/lib/oauth/clients/authenticate-client";
import { invalidRequest } from "@/lib/oauth/errors";
import { introspectToken } from "@/lib/oauth/introspect-token";
import { introspectionEndpoint } from "@/lib/oauth/oauth-endpoints";

export const dynamic = "force-dynamic";

// POST /oauth/introspect - whether a token is active, and its claims (RFC 7662)
export const { GET, POST, PUT, PATCH, DELETE } = oauthEndpointRoutes(introspectionEndpoint, async (request, database) => {
  const form = await readOAuthForm(request);
  const { client } = await authenticateClient(database, request.headers, form);
  const token = form.get("token");
  if (!token) throw invalidRequest("token is required");
  return oauthJson(await introspectToken(database, client, token, form.get("token_type_hint")));
});
