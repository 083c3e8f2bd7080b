import "server-only";
import { claimsForScopes } from "./claims.ts";
import { effectiveScopes } from "./scopes.ts";
import { checkTokenLiveness } from "./token-liveness.ts";
import { InvalidTokenError, verifyAccessToken } from "./tokens.ts";

/**
 * UserInfo (OIDC Core 5.3): the member's claims released by the token's scopes. Failures follow RFC 6750
 * 3.1: `invalid_token` 401 or `insufficient_scope` 403, with WWW-Authenticate.
 */
export class BearerError extends Error {
  override name = "BearerError";
  constructor(
    readonly code: "invalid_request" | "invalid_token" | "insufficient_scope",
    readonly description: string,
    readonly status: 400 | 401 | 403,
  ) {
    super(description);
  }
}

export async function readUserinfo(token: string | null): Promise<Record<string, unknown>> {
  if (!token) throw new BearerError("invalid_token", "an access token is required", 401);
  let verified;
  try {
    verified = await verifyAccessToken(token);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw new BearerError("invalid_token", error.message, 401);
    throw error;
  }
  if (!verified.sid && !verified.grantId) throw new BearerError("invalid_token", "the token was not issued to a member", 401);
  const liveness = await checkTokenLiveness(verified);
  if (!liveness.live) throw new BearerError("invalid_token", "the token has been revoked", 401);
  // Only what the client may still hold: a registration can shrink after the token was issued.
  const scopes = effectiveScopes(verified.scope, { scopes: liveness.clientScopes, firstParty: liveness.firstPartyClient });
  if (!scopes.includes("openid")) throw new BearerError("insufficient_scope", "the token lacks the openid scope", 403);
  const claims = await claimsForScopes(verified.sub, scopes);
  if (!claims) throw new BearerError("invalid_token", "the account no longer exists", 401);
  return claims;
}
