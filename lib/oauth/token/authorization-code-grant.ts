import "server-only";
import type { Database } from "../../db/database.ts";
import { LIVE_SESSION_SQL } from "../../sessions/live-session-sql.ts";
import type { OAuthClient } from "../clients/get-client.ts";
import { OAuthError, invalidGrant, invalidRequest } from "../errors.ts";
import { consumeAuthorizationCode, recordGrantOfCode } from "../grants/authorization-codes.ts";
import { createGrant } from "../grants/create-grant.ts";
import { firstRefreshToken } from "../grants/refresh-tokens.ts";
import { revokeGrants } from "../grants/revoke-grants.ts";
import { refreshTokensBoundTo } from "../dpop/token-request-dpop.ts";
import { verifierMatchesChallenge } from "./pkce.ts";
import { memberTokenResponse, type TokenResponse } from "./token-response.ts";

/**
 * grant_type=authorization_code (RFC 6749 4.1.3, RFC 7636 4.6). The code is consumed before anything
 * else is checked, so a failed attempt also spends it; a replayed code revokes what it issued
 * (RFC 6749 4.1.2, RFC 9700 4.5.3). A code_verifier is required exactly when the request had a
 * code_challenge: one sent for a code issued without a challenge is refused too (RFC 9700 2.1.1, the
 * PKCE downgrade attack).
 */
export async function exchangeAuthorizationCode(database: Database, client: OAuthClient, form: URLSearchParams, dpopJkt: string | null = null): Promise<TokenResponse> {
  if (!client.grantTypes.includes("authorization_code")) {
    throw new OAuthError("unauthorized_client", "this client may not use the authorization_code grant");
  }
  const code = form.get("code");
  const redirectUri = form.get("redirect_uri");
  const verifier = form.get("code_verifier");
  if (!code) throw invalidRequest("code is required");
  if (!redirectUri) throw invalidRequest("redirect_uri is required");
  if (!verifier && client.requirePkce) throw invalidRequest("code_verifier is required (PKCE)");

  const result = await consumeAuthorizationCode(database, code);
  if (result.outcome === "replayed") {
    if (result.grantId) await revokeGrants(database, { grant: result.grantId }, "code_replay");
    throw invalidGrant("the authorization code was already used; the tokens issued from it are revoked");
  }
  if (result.outcome === "unknown") throw invalidGrant("the authorization code is invalid");
  const issued = result.code;
  if (issued.clientId !== client.id) throw invalidGrant("the authorization code was issued to another client");
  if (issued.expired) throw invalidGrant("the authorization code has expired");
  if (issued.redirectUri !== redirectUri) throw invalidGrant("redirect_uri does not match the authorization request");
  if (issued.codeChallenge === null) {
    if (verifier) throw invalidGrant("code_verifier was sent, but the authorization request had no code_challenge");
  } else if (!verifier) {
    throw invalidGrant("code_verifier is required: the authorization request had a code_challenge");
  } else if (!verifierMatchesChallenge(verifier, issued.codeChallenge)) {
    throw invalidGrant("code_verifier does not match the code_challenge");
  }
  const [session] = await database.query<{ live: boolean }>(`SELECT ${LIVE_SESSION_SQL} AS live FROM session s WHERE s.id = $1`, [issued.sessionId]);
  if (!session?.live) throw invalidGrant("the sign-in this code came from has ended");

  const grantId = await createGrant(database, {
    clientId: client.id,
    userId: issued.userId,
    sessionId: issued.sessionId,
    scope: issued.scope,
    authTime: issued.authTime,
    amr: issued.amr,
    claims: issued.claims,
    dpopJkt: refreshTokensBoundTo(client, dpopJkt),
  });
  if ((await recordGrantOfCode(database, issued.codeHash, grantId)).replayed) {
    await revokeGrants(database, { grant: grantId }, "code_replay");
    throw invalidGrant("the authorization code was used twice; the tokens issued from it are revoked");
  }
  const refreshToken = await firstRefreshToken(database, client, grantId);
  return memberTokenResponse(database, {
    client,
    userId: issued.userId,
    sessionId: issued.sessionId,
    grantId,
    scope: issued.scope,
    nonce: issued.nonce,
    authTime: issued.authTime,
    amr: issued.amr,
    claims: issued.claims,
    refreshToken,
    dpopJkt,
  });
}
