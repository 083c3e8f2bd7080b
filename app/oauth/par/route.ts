import { oauthJson, oauthRoute, readOAuthForm } from "@/lib/http/oauth";
import { oauthMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { authenticateClient } from "@/lib/oauth/clients/authenticate-client";
import { pushAuthorizationRequest } from "@/lib/oauth/par/push-authorization-request";

export const dynamic = "force-dynamic";

// POST /oauth/par - push an authorization request, get a request_uri for the browser (RFC 9126)
export const POST = oauthRoute(async (request, database) => {
  const form = await readOAuthForm(request);
  const { client } = await authenticateClient(database, request.headers, form);
  return oauthJson(await pushAuthorizationRequest(database, client, form), 201);
});

// GET, PUT, PATCH, DELETE /oauth/par - 405 invalid_request (RFC 6749 shape)
export const { GET, PUT, PATCH, DELETE } = oauthMethodNotAllowed(["POST"]);
