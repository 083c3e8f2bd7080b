import "server-only";
import type { Database } from "../../db/database.ts";
import type { AuthenticatedClient } from "../clients/authenticate-client.ts";
import { OAuthError } from "../errors.ts";
import { parseScope } from "../scopes.ts";
import { signAccessToken } from "../tokens.ts";
import type { TokenResponse } from "./token-response.ts";

/** Scopes about a member make no sense without one. */
const MEMBER_ONLY_SCOPES = new Set(["openid", "offline_access"]);

/**
 * grant_type=client_credentials (RFC 6749 4.4): a confidential client acting on its own behalf. No refresh
 * token, no ID token; `sub` is the client id. Nothing is written: the JWT is self-contained.
 */
export async function issueClientCredentialsToken(
  database: Database,
  { client, method }: AuthenticatedClient,
  form: URLSearchParams,
  dpopJkt: string | null = null,
): Promise<TokenResponse> {
  if (client.type !== "confidential" || method === "none") {
    throw new OAuthError("unauthorized_client", "client_credentials needs a confidential client");
  }
  if (!client.grantTypes.includes("client_credentials")) {
    throw new OAuthError("unauthorized_client", "this client may not use the client_credentials grant");
  }
  const requested = parseScope(form.get("scope"));
  const allowed = client.scopes.filter((scope) => !MEMBER_ONLY_SCOPES.has(scope));
  const invalid = requested.filter((scope) => !allowed.includes(scope));
  if (invalid.length > 0) throw new OAuthError("invalid_scope", `scope not allowed for client_credentials: ${invalid.join(" ")}`);
  const scope = requested.join(" ");
  const access = await signAccessToken(database, { sub: client.id, clientId: client.id, scope, dpopJkt });
  const response: TokenResponse = { access_token: access.token, token_type: dpopJkt ? "DPoP" : "Bearer", expires_in: access.expiresIn };
  // RFC 6749 5.1: scope is sent when it says something; none requested, none granted.
  if (scope) response.scope = scope;
  return response;
}
