import "server-only";
import type { Database } from "../../db/database.ts";
import type { OAuthClient } from "../clients/get-client.ts";
import { claimsForScopes } from "../claims.ts";
import { claimsOfScopes, scopesOfClaims, type RequestedClaims } from "../claims-request.ts";
import { scopeAllowedForClient } from "../scopes.ts";
import { signAccessToken, signIdToken } from "../tokens.ts";

/** The claims asked for by name for the ID token, those whose scope the client may still hold. */
async function idTokenClaimsAskedFor(database: Database, input: MemberTokenInput): Promise<Record<string, unknown> | undefined> {
  const names = input.claims?.id_token ?? [];
  if (names.length === 0) return undefined;
  const scopes = scopesOfClaims(names).filter((scope) => input.client.scopes.includes(scope) && scopeAllowedForClient(scope, input.client.firstParty));
  const released = await claimsForScopes(database, input.userId, [], claimsOfScopes(names, scopes));
  if (!released) return undefined;
  // The ID token has its own `sub`.
  const asked = { ...released };
  delete asked.sub;
  return asked;
}

/** What a member's grant yields at the token endpoint: an access token, maybe an ID token and a refresh token. */
export interface MemberTokenInput {
  client: OAuthClient;
  userId: string;
  sessionId: string | null;
  grantId: string;
  scope: string;
  nonce?: string | null;
  authTime: Date;
  amr: string[];
  /** The claims the authorization asked for by name: the ID token carries those asked for it (OIDC Core 5.5). */
  claims?: RequestedClaims | null;
  refreshToken?: string | null;
  /** The DPoP key of the token request (RFC 9449): the access token is bound to it. */
  dpopJkt?: string | null;
}

export interface TokenResponse {
  access_token: string;
  /** `DPoP` for a token bound to the request's DPoP key (RFC 9449 5.1). */
  token_type: "Bearer" | "DPoP";
  expires_in: number;
  scope?: string;
  id_token?: string;
  refresh_token?: string;
}

export async function memberTokenResponse(database: Database, input: MemberTokenInput): Promise<TokenResponse> {
  const access = await signAccessToken(database, {
    sub: input.userId,
    clientId: input.client.id,
    scope: input.scope,
    sid: input.sessionId ?? undefined,
    grantId: input.grantId,
    authTime: input.authTime,
    amr: input.amr,
    dpopJkt: input.dpopJkt,
  });
  const response: TokenResponse = {
    access_token: access.token,
    token_type: input.dpopJkt ? "DPoP" : "Bearer",
    expires_in: access.expiresIn,
    scope: input.scope,
  };
  if (input.scope.split(" ").includes("openid")) {
    response.id_token = await signIdToken(database, {
      sub: input.userId,
      clientId: input.client.id,
      alg: input.client.idTokenSignedResponseAlg,
      nonce: input.nonce,
      authTime: input.authTime,
      amr: input.amr,
      sid: input.sessionId,
      accessToken: access.token,
      extra: await idTokenClaimsAskedFor(database, input),
    });
  }
  if (input.refreshToken) response.refresh_token = input.refreshToken;
  return response;
}
