import { oauthJson, oauthRoute, readOAuthForm } from "@/lib/http/oauth";
import { authenticateClient } from "@/lib/oauth/clients/authenticate-client";
import { invalidRequest } from "@/lib/oauth/errors";
import { introspectToken } from "@/lib/oauth/introspect-token";
import { oauthMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /oauth/introspect - whether a token is active, and its claims (RFC 7662)
export const POST = oauthRoute(async (request, database) => {
  const form = await readOAuthForm(request);
  const { client } = await authenticateClient(database, request.headers, form);
  const token = form.get("token");
  if (!token) throw invalidRequest("token is required");
  return oauthJson(await introspectToken(database, client, token, form.get("token_type_hint")));
});

// GET, PUT, PATCH, DELETE /oauth/introspect - 405 invalid_request (RFC 6749 shape)
export const { GET, PUT, PATCH, DELETE } = oauthMethodNotAllowed(["POST"]);
