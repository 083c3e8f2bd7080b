import "server-only";
import { createRemoteJWKSet, jwtVerify } from "jose";
import { env } from "../env.ts";
import { portalClientId } from "../oauth/clients/portal-client.ts";

/**
 * Checks an ID token that came with a refreshed access token (OIDC Core 12.2) before it replaces the one
 * from sign-in: signature by a key of our issuer's JWKS (fetched through BACKCHANNEL_URL), iss, aud,
 * expiry, and the same `sub`. The portal keeps it only as the id_token_hint for signing out, so a newer
 * one matters: the issuer stops publishing a retired key a while after rotating.
 */
let jwks: { url: string; keys: ReturnType<typeof createRemoteJWKSet> } | undefined;

function issuerKeys() {
  const url = `${env().BACKCHANNEL_URL}/.well-known/jwks.json`;
  if (jwks?.url !== url) jwks = { url, keys: createRemoteJWKSet(new URL(url), { timeoutDuration: 5_000 }) };
  return jwks.keys;
}

/** True when `idToken` is a valid ID token of our issuer for the portal and the member `sub`. */
export async function isRefreshedIdTokenValid(idToken: string, sub: string | undefined): Promise<boolean> {
  if (!sub) return false;
  try {
    const { payload } = await jwtVerify(idToken, issuerKeys(), {
      issuer: env().BASE_URL,
      audience: portalClientId(),
      algorithms: ["RS256"],
      clockTolerance: 10,
    });
    return payload.sub === sub;
  } catch {
    return false;
  }
}
