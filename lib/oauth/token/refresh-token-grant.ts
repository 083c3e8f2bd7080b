import "server-only";
import { hashToken } from "../../crypto/tokens.ts";
import type { OAuthClient } from "../clients/get-client.ts";
import { OAuthError, invalidGrant, invalidRequest } from "../errors.ts";
import { explainUnusableRefreshToken, newRefreshToken, rotateRefreshToken } from "../grants/refresh-tokens.ts";
import { revokeGrantAndSession } from "../grants/revoke-grant.ts";
import { parseScope } from "../scopes.ts";
import { memberTokenResponse, type TokenResponse } from "./token-response.ts";

/**
 * grant_type=refresh_token (RFC 6749 6). The token is rotated on every use; presenting a rotated one again
 * revokes the whole family and its session (RFC 9700 4.14.2). An optional `scope` narrows the new access
 * token, never widens the grant.
 */
export async function exchangeRefreshToken(client: OAuthClient, form: URLSearchParams): Promise<TokenResponse> {
  if (!client.grantTypes.includes("refresh_token")) {
    throw new OAuthError("unauthorized_client", "this client may not use the refresh_token grant");
  }
  const presented = form.get("refresh_token");
  if (!presented) throw invalidRequest("refresh_token is required");
  if (presented.length > 256) throw invalidGrant("the refresh token is invalid");

  const successor = newRefreshToken();
  const tokenHash = hashToken(presented);
  const grant = await rotateRefreshToken(tokenHash, successor.hash, client.id);
  if (!grant) {
    const unusable = await explainUnusableRefreshToken(tokenHash, client.id);
    switch (unusable.reason) {
      case "reused":
        await revokeGrantAndSession(unusable.grantId, "refresh_token_reuse");
        throw invalidGrant("the refresh token was already used; the whole grant and its session are revoked");
      case "revoked":
        throw invalidGrant("the grant has been revoked");
      default:
        // Unknown and expired alike: the answer tells a guesser nothing.
        throw invalidGrant("the refresh token is invalid or expired");
    }
  }
  // Rotation only succeeds for a live grant and session; these re-check what the statement saw.
  if (grant.grantRevoked || grant.sessionRevoked) throw invalidGrant("the grant has been revoked");

  const granted = parseScope(grant.scope);
  const requested = form.get("scope");
  let scope = grant.scope;
  if (requested !== null) {
    const narrowed = parseScope(requested);
    if (narrowed.length === 0 || narrowed.some((value) => !granted.includes(value))) {
      throw new OAuthError("invalid_scope", "scope may only narrow the scopes originally granted");
    }
    scope = narrowed.join(" ");
  }
  return memberTokenResponse({
    client,
    userId: grant.userId,
    sessionId: grant.sessionId,
    grantId: grant.grantId,
    scope,
    authTime: grant.authTime,
    amr: grant.amr,
    refreshToken: successor.token,
  });
}
