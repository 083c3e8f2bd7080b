import "server-only";
import { oauthFailure, parseOAuthForm, plainJson, type HeaderReader, type PlainResponse } from "../../http/oauth.ts";
import { authenticateClient } from "../clients/authenticate-client.ts";
import { OAuthError, invalidRequest } from "../errors.ts";
import { exchangeAuthorizationCode } from "./authorization-code-grant.ts";
import { issueClientCredentialsToken } from "./client-credentials-grant.ts";
import { exchangeRefreshToken } from "./refresh-token-grant.ts";

/**
 * The token endpoint (RFC 6749 3.2), free of any web framework: the Next route (app/oauth/token) and the
 * fast path of server.ts both call it, so `npm start` can answer token requests without Next's router,
 * whose per-request cost is larger than a whole client_credentials grant (decision 0008).
 */
export async function tokenEndpoint(headers: HeaderReader, body: string): Promise<PlainResponse> {
  try {
    const form = parseOAuthForm(headers, body);
    const grantType = form.get("grant_type");
    if (!grantType) throw invalidRequest("grant_type is required");
    const authenticated = await authenticateClient(headers, form);
    switch (grantType) {
      case "authorization_code":
        return plainJson(await exchangeAuthorizationCode(authenticated.client, form));
      case "refresh_token":
        return plainJson(await exchangeRefreshToken(authenticated.client, form));
      case "client_credentials":
        return plainJson(await issueClientCredentialsToken(authenticated, form));
      default:
        throw new OAuthError("unsupported_grant_type", `grant_type ${grantType.slice(0, 64)} is not supported`);
    }
  } catch (error) {
    return oauthFailure(error, "/oauth/token");
  }
}
