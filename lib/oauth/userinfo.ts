import "server-only";
import type { Database } from "../db/database.ts";
import { bearerError, bearerMissing, type PresentedAccessToken } from "./bearer.ts";
import { OUTSIDE_ALLOWED_NETWORKS, isWithinAllowedNetworks } from "./clients/allowed-networks.ts";
import { TokenBindingError, checkTokenBinding, type ResourceRequest } from "./dpop/token-binding.ts";
import { OAuthError } from "./errors.ts";
import { claimsForScopes } from "./claims.ts";
import { claimsOfScopes, scopesOfClaims } from "./claims-request.ts";
import { effectiveScopes } from "./scopes.ts";
import { checkTokenLiveness } from "./token-liveness.ts";
import { InvalidTokenError, verifyAccessToken } from "./tokens.ts";

/**
 * UserInfo (OIDC Core 5.3): the member's claims released by the token's scopes. Failures follow RFC 6750
 * 3.1: `invalid_token` 401 or `insufficient_scope` 403, with WWW-Authenticate (lib/oauth/bearer.ts; a bare
 * `Bearer` challenge when no token came at all); a DPoP-bound token needs its proof (RFC 9449 7,
 * `invalid_dpop_proof` with a DPoP challenge), rendered
 * by the OAuth surface's one renderer. A kiosk's token answers only on its campus's networks, as everywhere
 * else (docs/decisions/0023): `address` is the caller's, as lib/http/client-address.ts trusts it.
 */

export async function readUserinfo(
  database: Database,
  presented: PresentedAccessToken | null,
  request: ResourceRequest,
  address: string | null,
): Promise<Record<string, unknown>> {
  if (!presented) throw bearerMissing();
  let verified;
  try {
    verified = await verifyAccessToken(database, presented.token);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw bearerError("invalid_token", error.message);
    throw error;
  }
  if (!verified.sid && !verified.grantId) throw bearerError("invalid_token", "the token was not issued to a member");
  const liveness = await checkTokenLiveness(database, verified);
  if (!liveness.live) throw bearerError("invalid_token", "the token has been revoked");
  // "Invalid for other reasons" (RFC 6750 3.1): off the campus the token is not good here, though it is not revoked.
  if (!isWithinAllowedNetworks(liveness.allowedNetworks, address)) throw bearerError("invalid_token", OUTSIDE_ALLOWED_NETWORKS);
  try {
    await checkTokenBinding(database, presented, verified.dpopJkt, request);
  } catch (error) {
    if (error instanceof TokenBindingError) throw new OAuthError(error.code, error.description, { "WWW-Authenticate": error.challenge }, 401);
    throw error;
  }
  // Only what the client may still hold: a registration can shrink after the token was issued.
  const scopes = effectiveScopes(verified.scope, { scopes: liveness.clientScopes, firstParty: liveness.firstPartyClient });
  if (!scopes.includes("openid")) throw bearerError("insufficient_scope", "the token lacks the openid scope");
  // Claims asked for by name (OIDC Core 5.5) whose scope the client may still hold come too, and only those.
  const asked = liveness.requestedClaims?.userinfo ?? [];
  const askedScopes = effectiveScopes(scopesOfClaims(asked), { scopes: liveness.clientScopes, firstParty: liveness.firstPartyClient });
  const claims = await claimsForScopes(database, verified.sub, scopes, claimsOfScopes(asked, askedScopes));
  if (!claims) throw bearerError("invalid_token", "the account no longer exists");
  return claims;
}
