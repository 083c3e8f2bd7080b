import { browserOAuthParams, browserSession, requestBrowserBinding } from "@/lib/http/authorize";
import { oauthEndpointRoutes } from "@/lib/http/oauth-endpoint-route";
import { OAuthError } from "@/lib/oauth/errors";
import { completeAuthorization } from "@/lib/oauth/authorize/complete-authorization";
import { clientErrorRedirect } from "@/lib/oauth/authorize/redirect-to-client";
import { resolveClientAndRedirect } from "@/lib/oauth/authorize/resolve-client-redirect";
import { validateAuthorizationParams } from "@/lib/oauth/authorize/validate-authorization-params";
import { REQUEST_URI_PREFIX } from "@/lib/oauth/par/pushed-requests";
import { resolvePushedRequest } from "@/lib/oauth/par/resolve-pushed-request";
import { authorizeEndpoint } from "@/lib/oauth/oauth-endpoints";

export const dynamic = "force-dynamic";

// GET /oauth/authorize - start an authorization code flow (RFC 6749 4.1, OIDC Core 3.1.2), or one pushed to /oauth/par (RFC 9126)
// POST /oauth/authorize - the same, with form-encoded parameters (OIDC Core 3.1.2.1)
export const { GET, POST, PUT, PATCH, DELETE } = oauthEndpointRoutes(authorizeEndpoint, async (request, database) => {
  const params = await browserOAuthParams(request);
  // Ours (RFC 9126): a request pushed to /oauth/par. Any other request_uri is refused to the client below.
  if (params.get("request_uri")?.startsWith(REQUEST_URI_PREFIX)) {
    const pushed = await resolvePushedRequest(database, params);
    return completeAuthorization(database, pushed.client, pushed.params, await browserSession(database, request), null, requestBrowserBinding(request));
  }
  const { client, redirectUri } = await resolveClientAndRedirect(database, params);
  let validated;
  try {
    if (client.requirePushedAuthorizationRequests) throw new OAuthError("invalid_request", "this client must push its authorization requests to /oauth/par (RFC 9126)");
    validated = validateAuthorizationParams(params, client, redirectUri);
  } catch (error) {
    if (error instanceof OAuthError) return clientErrorRedirect(redirectUri, error, params.get("state"));
    throw error;
  }
  return completeAuthorization(database, client, validated, await browserSession(database, request), null, requestBrowserBinding(request));
});
