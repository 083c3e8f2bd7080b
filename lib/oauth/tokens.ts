import "server-only";
import { createHash } from "node:crypto";
import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from "jose";
import { randomToken } from "../crypto/tokens.ts";
import type { Database } from "../db/database.ts";
import { env } from "../env.ts";
import { acrOf } from "./acr.ts";
import { ACCESS_TOKEN_TTL_SECONDS, ACCESS_TOKEN_TYPE, CLOCK_TOLERANCE_SECONDS, ID_TOKEN_TTL_SECONDS } from "./config.ts";
import { signCompactJws } from "./jws.ts";
import { currentSigningKey, forgetCachedKeys, publishedJwks, type SigningAlgorithm } from "./keys.ts";

/**
 * Issuing and verifying the JWTs of this authorization server.
 * Access tokens follow RFC 9068 (`typ: at+jwt`, iss, sub, aud, exp, iat, jti, client_id, scope, plus
 * sid, gid, auth_time and amr for a member's token). `aud` is the issuer itself: our /api/v1 routes are the
 * resource server. Refresh tokens are opaque and live in lib/oauth/grants.
 */

const now = () => Math.floor(Date.now() / 1000);

export interface AccessTokenClaims {
  /** The member's id, or the client id for client_credentials. */
  sub: string;
  clientId: string;
  scope: string;
  /** The authorization server session (absent for client_credentials). */
  sid?: string;
  /** The grant (refresh-token family) the token came from, so revoking it stops the token on our routes. */
  grantId?: string;
  authTime?: Date;
  /** How the member signed in (RFC 8176, RFC 9068 2.2.1): the staff API asks for `mfa`. */
  amr?: readonly string[];
  /** RFC 9449 6.1: the thumbprint of the DPoP key the token is bound to (`cnf.jkt`). */
  dpopJkt?: string | null;
}

export interface IssuedAccessToken {
  token: string;
  jti: string;
  expiresIn: number;
}

export function accessTokenAudience(): string {
  return env().BASE_URL;
}

export async function signAccessToken(database: Database, claims: AccessTokenClaims): Promise<IssuedAccessToken> {
  const key = await currentSigningKey(database, env().ACCESS_TOKEN_SIGNING_ALG);
  const jti = randomToken(16);
  const issuedAt = now();
  const payload: JWTPayload = {
    iss: env().BASE_URL,
    sub: claims.sub,
    aud: accessTokenAudience(),
    iat: issuedAt,
    exp: issuedAt + ACCESS_TOKEN_TTL_SECONDS,
    jti,
    client_id: claims.clientId,
    scope: claims.scope,
  };
  if (claims.sid) payload.sid = claims.sid;
  if (claims.grantId) payload.gid = claims.grantId;
  if (claims.authTime) payload.auth_time = Math.floor(claims.authTime.getTime() / 1000);
  if (claims.amr) payload.amr = [...claims.amr];
  if (claims.dpopJkt) payload.cnf = { jkt: claims.dpopJkt };
  const token = signCompactJws(key.alg, { typ: ACCESS_TOKEN_TYPE, kid: key.kid }, payload, key.privateKey);
  return { token, jti, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
}

export interface IdTokenClaims {
  sub: string;
  clientId: string;
  alg: SigningAlgorithm;
  nonce?: string | null;
  authTime: Date;
  amr: string[];
  sid?: string | null;
  /** Hash of the access token issued alongside (OIDC Core 3.1.3.6 at_hash). */
  accessToken?: string;
  /** Claims released by scope into the ID token (when no access token lets the client call userinfo). */
  extra?: Record<string, unknown>;
}

/** OIDC Core 3.1.3.6: left half of the hash of the token's ASCII, with the hash of the signing algorithm. */
function leftHalfHash(value: string): string {
  const digest = createHash("sha256").update(value).digest();
  return digest.subarray(0, digest.length / 2).toString("base64url");
}

export async function signIdToken(database: Database, claims: IdTokenClaims): Promise<string> {
  const key = await currentSigningKey(database, claims.alg);
  const issuedAt = now();
  const payload: JWTPayload = {
    ...claims.extra,
    iss: env().BASE_URL,
    sub: claims.sub,
    aud: claims.clientId,
    iat: issuedAt,
    exp: issuedAt + ID_TOKEN_TTL_SECONDS,
    auth_time: Math.floor(claims.authTime.getTime() / 1000),
    amr: claims.amr,
    acr: acrOf(claims.amr),
  };
  if (claims.nonce) payload.nonce = claims.nonce;
  if (claims.sid) payload.sid = claims.sid;
  if (claims.accessToken) payload.at_hash = leftHalfHash(claims.accessToken);
  return signCompactJws(key.alg, { typ: "JWT", kid: key.kid }, payload, key.privateKey);
}

export interface VerifiedAccessToken {
  sub: string;
  clientId: string;
  scope: string[];
  jti: string;
  sid: string | null;
  grantId: string | null;
  exp: number;
  iat: number;
  authTime: number | null;
  amr: string[];
  /** The DPoP key thumbprint it is bound to (`cnf.jkt`), or null for a bearer token. */
  dpopJkt: string | null;
  raw: JWTPayload;
}

export class InvalidTokenError extends Error {
  override name = "InvalidTokenError";
}

let lastKeyRefresh = 0;

/**
 * jose imports each key of a local key set once and keeps it in that set; a new set per call would import
 * the public key again on every verification. One set per published JWKS object: lib/oauth/keys.ts makes
 * a new object whenever it reloads the keys, so a rotation is seen exactly as before.
 */
const keySets = new WeakMap<object, ReturnType<typeof createLocalJWKSet>>();
async function publishedKeySet(database: Database): Promise<ReturnType<typeof createLocalJWKSet>> {
  const jwks = await publishedJwks(database);
  let keySet = keySets.get(jwks);
  if (!keySet) {
    keySet = createLocalJWKSet(jwks);
    keySets.set(jwks, keySet);
  }
  return keySet;
}

async function verifyWithPublishedKeys<T extends JWTPayload>(
  database: Database,
  token: string,
  options: Parameters<typeof jwtVerify>[2],
): Promise<{ payload: T; protectedHeader: { typ?: string } }> {
  try {
    return (await jwtVerify(token, await publishedKeySet(database), options)) as never;
  } catch (error) {
    // Another instance may have rotated the keys: reload them, at most every 10 seconds.
    if (error instanceof joseErrors.JWKSNoMatchingKey && Date.now() - lastKeyRefresh > 10_000) {
      lastKeyRefresh = Date.now();
      forgetCachedKeys();
      return (await jwtVerify(token, await publishedKeySet(database), options)) as never;
    }
    throw error;
  }
}

type AccessTokenPayload = JWTPayload & Record<string, unknown>;

/**
 * Access tokens this process has already verified, by the SHA-256 of the token, per published key set (a
 * reload of the keys starts afresh, so a key no longer published verifies nothing more). An app or a kiosk
 * sends the same token for minutes, and its signature, issuer, audience, type and claims are the same bytes
 * every time, so checking them once per key set is the same check; ES256 through WebCrypto was a fifth of a
 * kiosk call's CPU (issue 19). Expiry, the one check that depends on the clock, is made again on every use.
 * Liveness (revocation, session, grant, client) is not kept here: the caller reads it from PostgreSQL on every
 * call, so every instance refuses a revoked token at once. Bounded: the oldest entry goes first.
 */
const verifiedAccessTokens = new WeakMap<object, Map<string, AccessTokenPayload>>();
const MAX_VERIFIED_ACCESS_TOKENS = 10_000;

async function verifiedAccessTokenPayload(database: Database, token: string): Promise<AccessTokenPayload> {
  const jwks = await publishedJwks(database);
  const digest = createHash("sha256").update(token).digest("base64url");
  const known = verifiedAccessTokens.get(jwks)?.get(digest);
  if (known) {
    // jose's own rule (jwt_claims_set.ts): expired when exp <= now - tolerance.
    if ((known.exp as number) <= Math.floor(Date.now() / 1000) - CLOCK_TOLERANCE_SECONDS) throw new joseErrors.JWTExpired("\"exp\" claim timestamp check failed", known, "exp", "check_failed");
    return known;
  }
  const { payload } = await verifyWithPublishedKeys<AccessTokenPayload>(database, token, {
    issuer: env().BASE_URL,
    audience: accessTokenAudience(),
    typ: ACCESS_TOKEN_TYPE,
    algorithms: ["ES256", "RS256"],
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    requiredClaims: ["sub", "exp", "iat", "jti", "client_id"],
  });
  // Kept only under the key set it was verified with (a reload in between made another one).
  if ((await publishedJwks(database)) === jwks) {
    let verified = verifiedAccessTokens.get(jwks);
    if (!verified) verifiedAccessTokens.set(jwks, (verified = new Map()));
    if (verified.size >= MAX_VERIFIED_ACCESS_TOKENS) verified.delete(verified.keys().next().value as string);
    verified.set(digest, payload);
  }
  return payload;
}

/**
 * Verifies one of our access tokens: signature with a published key (never `none`, never HMAC),
 * `typ: at+jwt`, issuer, audience, expiry. Liveness (session, grant, revocation) is checked by the caller.
 */
export async function verifyAccessToken(database: Database, token: string): Promise<VerifiedAccessToken> {
  if (token.length > 4096 || token.split(".").length !== 3) throw new InvalidTokenError("malformed token");
  try {
    const payload = await verifiedAccessTokenPayload(database, token);
    const str = (value: unknown) => (typeof value === "string" ? value : null);
    return {
      sub: payload.sub as string,
      clientId: String(payload.client_id),
      scope: typeof payload.scope === "string" ? payload.scope.split(" ").filter(Boolean) : [],
      jti: payload.jti as string,
      sid: str(payload.sid),
      grantId: str(payload.gid),
      exp: payload.exp as number,
      iat: payload.iat as number,
      authTime: typeof payload.auth_time === "number" ? payload.auth_time : null,
      amr: Array.isArray(payload.amr) ? payload.amr.filter((value): value is string => typeof value === "string") : [],
      dpopJkt: str((payload.cnf as { jkt?: unknown } | undefined)?.jkt),
      raw: payload,
    };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) {
      throw new InvalidTokenError(error instanceof joseErrors.JWTExpired ? "token expired" : "token invalid");
    }
    throw error;
  }
}

/** Verifies an ID token we issued (for logout's id_token_hint): signature and issuer; expiry may have passed. */
export async function verifyOwnIdToken(database: Database, token: string): Promise<{ sub: string; aud: string[]; sid: string | null } | null> {
  if (token.length > 8192) return null;
  try {
    const { payload } = await verifyWithPublishedKeys<JWTPayload>(database, token, {
      issuer: env().BASE_URL,
      algorithms: ["RS256", "ES256"],
      // RP-initiated logout accepts an expired ID token as a hint (OIDC RP-Initiated Logout 1.0, 2).
      currentDate: new Date(0),
    });
    const aud = Array.isArray(payload.aud) ? payload.aud : payload.aud ? [payload.aud] : [];
    return { sub: payload.sub ?? "", aud, sid: typeof payload.sid === "string" ? payload.sid : null };
  } catch {
    return null;
  }
}
