import "server-only";
import { hashToken } from "../../crypto/tokens.ts";
import type { Database } from "../../db/database.ts";
import type { OAuthClient } from "../clients/get-client.ts";
import { OAuthError, invalidGrant, invalidRequest } from "../errors.ts";
import { explainUnusableRefreshToken, newRefreshToken, rotateRefreshToken } from "../grants/refresh-tokens.ts";
import { revokeGrants } from "../grants/revoke-grants.ts";
import { parseScope } from "../scopes.ts";
import { memberTokenResponse, type TokenResponse } from "./token-response.ts";

/**
 * grant_type=refresh_token (RFC 6749 6). The token is rotated on every use; presenting a rotated one again
 * revokes the whole family and its session (RFC 9700 4.14.2). An optional `scope` narrows the new access
 * token, never widens the grant; it is checked before the token is spent, so a refused wider scope leaves
 * the token usable (a retry with it is not reuse).
 */
export async function exchangeRefreshToken(database: Database, client: OAuthClient, form: URLSearchParams, dpopJkt: string | null = null): Promise<TokenResponse> {
  if (!client.grantTypes.includes("refresh_token")) {
    throw new OAuthError("unauthorized_client", "this client may not use the refresh_token grant");
  }
  const presented = form.get("refresh_token");
  if (!presented) throw invalidRequest("refresh_token is required");
  if (presented.length > 256) throw invalidGrant("the refresh token is invalid");
  const requested = form.get("scope");
  const narrowed = requested === null ? null : parseScope(requested);
  if (narrowed?.length === 0) throw new OAuthError("invalid_scope", "scope may only narrow the scopes originally granted");

  const successor = newRefreshToken();
  const tokenHash = hashToken(presented);
  const grant = await rotateRefreshToken(database, tokenHash, successor.hash, client.id, narrowed, dpopJkt);
  if (!grant) {
    const unusable = await explainUnusableRefreshToken(database, tokenHash, client.id, dpopJkt);
    switch (unusable.reason) {
      case "dpop_key":
        throw invalidGrant(dpopJkt ? "the refresh token is bound to another DPoP key" : "the refresh token is DPoP-bound: send a DPoP proof of its key");
      case "reused":
        await revokeGrants(database, { grantAndItsSession: unusable.grantId }, "refresh_token_reuse");
        throw invalidGrant("the refresh token was already used; the whole grant and its session are revoked");
      case "revoked":
        throw invalidGrant("the grant has been revoked");
      case "ended":
        throw invalidGrant("the sign-in this refresh token belongs to has ended");
      case "scope":
        throw new OAuthError("invalid_scope", "scope may only narrow the scopes originally granted");
      default:
        // Unknown and expired alike: the answer tells a guesser nothing.
        throw invalidGrant("the refresh token is invalid or expired");
    }
  }
  return memberTokenResponse(database, {
    client,
    userId: grant.userId,
    sessionId: grant.sessionId,
    grantId: grant.grantId,
    scope: narrowed ? narrowed.join(" ") : grant.scope,
    authTime: grant.authTime,
    claims: grant.claims,
    amr: grant.amr,
    refreshToken: successor.token,
    dpopJkt,
  });
}
