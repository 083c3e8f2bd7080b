import { oauthJson, oauthRoute, readOAuthForm } from "@/lib/http/oauth";
import { authenticateClient } from "@/lib/oauth/clients/authenticate-client";
import { OAuthError, invalidRequest } from "@/lib/oauth/errors";
import { exchangeAuthorizationCode } from "@/lib/oauth/token/authorization-code-grant";
import { issueClientCredentialsToken } from "@/lib/oauth/token/client-credentials-grant";
import { exchangeRefreshToken } from "@/lib/oauth/token/refresh-token-grant";

export const dynamic = "force-dynamic";

// POST /oauth/token - exchange a code, a refresh token or client credentials for tokens (RFC 6749 3.2)
export const POST = oauthRoute(async (request) => {
  const form = await readOAuthForm(request);
  const grantType = form.get("grant_type");
  if (!grantType) throw invalidRequest("grant_type is required");
  const authenticated = await authenticateClient(request.headers, form);
  switch (grantType) {
    case "authorization_code":
      return oauthJson(await exchangeAuthorizationCode(authenticated.client, form));
    case "refresh_token":
      return oauthJson(await exchangeRefreshToken(authenticated.client, form));
    case "client_credentials":
      return oauthJson(await issueClientCredentialsToken(authenticated, form));
    default:
      throw new OAuthError("unsupported_grant_type", `grant_type ${grantType.slice(0, 64)} is not supported`);
  }
});
