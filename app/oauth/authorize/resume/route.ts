import { browserSession, requestBrowserBinding } from "@/lib/http/authorize";
import { oauthEndpointRoutes } from "@/lib/http/oauth-endpoint-route";
import { getAuthorizationRequest } from "@/lib/oauth/authorization-request";
import { AuthorizePageError } from "@/lib/oauth/authorize/authorize-errors";
import { completeAuthorization } from "@/lib/oauth/authorize/complete-authorization";
import { getClient } from "@/lib/oauth/clients/get-client";
import { resumeAuthorizationEndpoint } from "@/lib/oauth/oauth-endpoints";

export const dynamic = "force-dynamic";

// GET /oauth/authorize/resume - continue a parked authorization request after sign-in or consent, in the browser that started it
export const { GET, POST, PUT, PATCH, DELETE } = oauthEndpointRoutes(resumeAuthorizationEndpoint, async (request, database) => {
  const browser = requestBrowserBinding(request);
  // Another browser's request (a link someone was sent) is not found, exactly like an expired one.
  const parked = await getAuthorizationRequest(database, new URL(request.url).searchParams.get("request"), browser.hash);
  if (!parked) throw new AuthorizePageError("expired_request");
  const client = await getClient(database, parked.params.client_id);
  if (!client || !client.redirectUris.includes(parked.params.redirect_uri)) throw new AuthorizePageError("unknown_client");
  return completeAuthorization(database, client, parked.params, await browserSession(database, request), parked, browser);
});
