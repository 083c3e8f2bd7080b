import { oauthJson, readOAuthForm } from "@/lib/http/oauth";
import { oauthEndpointRoutes } from "@/lib/http/oauth-endpoint-route";
import { authenticateClient } from "@/lib/oauth/clients/authenticate-client";
import { pushedAuthorizationEndpoint } from "@/lib/oauth/oauth-endpoints";
import { pushAuthorizationRequest } from "@/lib/oauth/par/push-authorization-request";

export const dynamic = "force-dynamic";

// POST /oauth/par - push an authorization request, get a request_uri for the browser (RFC 9126)
export const { GET, POST, PUT, PATCH, DELETE } = oauthEndpointRoutes(pushedAuthorizationEndpoint, async (request, database) => {
  const form = await readOAuthForm(request);
  const { client } = await authenticateClient(database, request.headers, form);
  return oauthJson(await pushAuthorizationRequest(database, client, form), 201);
});
