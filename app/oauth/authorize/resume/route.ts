import { browserOAuthRoute, browserSession } from "@/lib/http/authorize";
import { getAuthorizationRequest, deleteAuthorizationRequest } from "@/lib/oauth/authorization-request";
import { AuthorizePageError } from "@/lib/oauth/authorize/authorize-errors";
import { completeAuthorization } from "@/lib/oauth/authorize/complete-authorization";
import { clientErrorRedirect } from "@/lib/oauth/authorize/redirect-to-client";
import { getClient } from "@/lib/oauth/clients/get-client";
import { OAuthError } from "@/lib/oauth/errors";
import { browserMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /oauth/authorize/resume - continue a parked authorization request after sign-in or consent
export const GET = browserOAuthRoute(async (request) => {
  const query = new URL(request.url).searchParams;
  const parked = await getAuthorizationRequest(query.get("request"));
  if (!parked) throw new AuthorizePageError("expired_request");
  const client = await getClient(parked.params.client_id);
  if (!client || !client.redirectUris.includes(parked.params.redirect_uri)) throw new AuthorizePageError("unknown_client");
  if (query.get("denied") === "1") {
    await deleteAuthorizationRequest(parked.id);
    return clientErrorRedirect(parked.params.redirect_uri, new OAuthError("access_denied", "the member did not allow access"), parked.params.state);
  }
  return completeAuthorization(client, parked.params, await browserSession(request), parked);
});

// POST, PUT, PATCH, DELETE /oauth/authorize/resume - our error page, as the endpoint's other refusals
export const { POST, PUT, PATCH, DELETE } = browserMethodNotAllowed();
