import "server-only";
import { database as openDatabase } from "../db.ts";
import type { HeaderReader } from "../kernel/header-reader.ts";
import { OUTSIDE_ALLOWED_NETWORKS, isWithinAllowedNetworks } from "../oauth/clients/allowed-networks.ts";
import { authenticateClient } from "../oauth/clients/authenticate-client.ts";
import { OAuthError, invalidRequest } from "../oauth/errors.ts";
import { exchangeAuthorizationCode } from "../oauth/token/authorization-code-grant.ts";
import { issueClientCredentialsToken } from "../oauth/token/client-credentials-grant.ts";
import { dpopNonceHeaders, tokenRequestDpopKey } from "../oauth/dpop/token-request-dpop.ts";
import { DEVICE_CODE_GRANT_TYPE } from "../oauth/device/device-policy.ts";
import { exchangeDeviceCode } from "../oauth/token/device-code-grant.ts";
import { exchangeRefreshToken } from "../oauth/token/refresh-token-grant.ts";
import { tokenEndpoint } from "../oauth/oauth-endpoints.ts";
import { oauthFailure, parseOAuthForm, plainJson, type PlainResponse } from "./oauth.ts";
import { oauthFormContext } from "./request-context.ts";

/**
 * The token endpoint (RFC 6749 3.2), free of any web framework: the Next route (app/oauth/token) and the
 * fast path of server/main.ts both call it, so `npm start` can answer token requests without Next's router,
 * whose per-request cost is larger than a whole client_credentials grant (decision 0008). It renders every failure itself, so it lives with the wrappers.
 */
export async function answerTokenRequest(headers: HeaderReader, body: string): Promise<PlainResponse> {
  try {
    const form = parseOAuthForm(headers, body);
    const grantType = form.get("grant_type");
    if (!grantType) throw invalidRequest("grant_type is required");
    const database = await openDatabase();
    const authenticated = await authenticateClient(database, headers, form);
    // A kiosk limited to its campus's networks gets and refreshes its tokens only there (the kiosk page
    // relays the tablet's address, signed for this form). Only such a client pays for finding the address.
    if (authenticated.client.allowedNetworks.length > 0) {
      const { ip } = await oauthFormContext(database, headers, tokenEndpoint.path, form);
      if (!isWithinAllowedNetworks(authenticated.client.allowedNetworks, ip)) throw new OAuthError("unauthorized_client", OUTSIDE_ALLOWED_NETWORKS);
    }
    const dpopJkt = await tokenRequestDpopKey(database, headers, authenticated.client);
    // A client using DPoP gets the nonce for its next proof with every answer (RFC 9449 8.2).
    const answer = (body: unknown) => plainJson(body, 200, dpopJkt ? dpopNonceHeaders() : {});
    switch (grantType) {
      case "authorization_code":
        return answer(await exchangeAuthorizationCode(database, authenticated.client, form, dpopJkt));
      case "refresh_token":
        return answer(await exchangeRefreshToken(database, authenticated.client, form, dpopJkt));
      case "client_credentials":
        return answer(await issueClientCredentialsToken(database, authenticated, form, dpopJkt));
      case DEVICE_CODE_GRANT_TYPE:
        return answer(await exchangeDeviceCode(database, authenticated.client, form, dpopJkt));
      default:
        throw new OAuthError("unsupported_grant_type", `grant_type ${grantType.slice(0, 64)} is not supported`);
    }
  } catch (error) {
    return oauthFailure(error, tokenEndpoint.path);
  }
}
