import "server-only";
import { createHash } from "node:crypto";
import { EmbeddedJWK, calculateJwkThumbprint, errors as joseErrors, jwtVerify, type JWK } from "jose";
import type { Database } from "../../db/database.ts";
import { isFreshDpopNonce } from "./dpop-nonce.ts";
import { firstUse } from "./used-once.ts";

/** The proof algorithms we accept (RFC 9449 5.1 `dpop_signing_alg_values_supported`): asymmetric only. */
export const DPOP_SIGNING_ALGS = ["ES256", "ES384", "RS256", "PS256", "EdDSA"] as const;

/** A proof older than this (by its `iat`), or this far in the future, is refused (RFC 9449 11.1). */
const PROOF_MAX_AGE_SECONDS = 300;
const PROOF_MAX_FUTURE_SECONDS = 60;

export class DpopProofError extends Error {
  override name = "DpopProofError";
  constructor(
    /** `use_dpop_nonce` asks the client to retry with the nonce sent in DPoP-Nonce (RFC 9449 8). */
    readonly code: "invalid_dpop_proof" | "use_dpop_nonce",
    readonly description: string,
  ) {
    super(`${code}: ${description}`);
  }
}

export interface DpopProofCheck {
  /** The one DPoP header's value (lib/oauth/dpop/dpop-header.ts). */
  proof: string;
  /** The request's method, and the URLs it may have been addressed to (the public one, the one it arrived at). */
  method: string;
  urls: readonly string[];
  /** At a resource: the access token the proof must name (`ath`). */
  accessToken?: string;
  /** The token endpoint asks for one of our nonces; a resource does not (it checks `iat` and `jti`). */
  requireNonce: boolean;
}

/** `htu` as RFC 9449 4.3 compares it: scheme, host and path, without query and fragment. */
function comparableUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return null;
  }
}

/**
 * Checks a DPoP proof JWT (RFC 9449 4.3) and answers the JWK SHA-256 thumbprint (RFC 7638) of its key, the
 * `jkt` a token is bound to. The signature with the embedded public key, `typ: dpop+jwt`, an asymmetric
 * algorithm, `htm` and `htu` of this request, `iat` recent, `ath` of the presented token, a nonce of ours
 * when asked, and `jti` never seen before for that key: the replay check is a row in PostgreSQL, so a proof
 * used on one instance is refused by the other.
 */
export async function verifyDpopProof(database: Database, check: DpopProofCheck): Promise<{ jkt: string }> {
  if (check.proof.length > 8192 || check.proof.split(".").length !== 3) throw new DpopProofError("invalid_dpop_proof", "the DPoP proof is not a JWT");
  let verified;
  try {
    verified = await jwtVerify(check.proof, EmbeddedJWK, { typ: "dpop+jwt", algorithms: [...DPOP_SIGNING_ALGS] });
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) throw new DpopProofError("invalid_dpop_proof", "the DPoP proof's signature, type or key is not valid");
    throw error;
  }
  const { payload, protectedHeader } = verified;
  if (typeof payload.jti !== "string" || payload.jti.length === 0 || payload.jti.length > 256) throw new DpopProofError("invalid_dpop_proof", "the DPoP proof needs a jti");
  if (payload.htm !== check.method) throw new DpopProofError("invalid_dpop_proof", "the DPoP proof's htm is not this request's method");
  if (typeof payload.htu !== "string" || !check.urls.some((url) => comparableUrl(url) === comparableUrl(payload.htu as string))) throw new DpopProofError("invalid_dpop_proof", "the DPoP proof's htu is not this request's URL");
  const now = Math.floor(Date.now() / 1000);
  if (typeof payload.iat !== "number" || payload.iat < now - PROOF_MAX_AGE_SECONDS || payload.iat > now + PROOF_MAX_FUTURE_SECONDS) {
    throw new DpopProofError("invalid_dpop_proof", "the DPoP proof's iat is not recent");
  }
  if (check.accessToken !== undefined) {
    const ath = createHash("sha256").update(check.accessToken).digest("base64url");
    if (payload.ath !== ath) throw new DpopProofError("invalid_dpop_proof", "the DPoP proof's ath does not match the access token");
  }
  if (check.requireNonce && !isFreshDpopNonce(payload.nonce)) {
    throw new DpopProofError("use_dpop_nonce", payload.nonce === undefined ? "the authorization server requires a nonce in the DPoP proof" : "the DPoP proof's nonce is stale; use the new one");
  }
  const jkt = await calculateJwkThumbprint(protectedHeader.jwk as JWK, "sha256");
  if (!(await firstUse(database, `${jkt}\n${payload.jti}`, PROOF_MAX_AGE_SECONDS + PROOF_MAX_FUTURE_SECONDS))) {
    throw new DpopProofError("invalid_dpop_proof", "the DPoP proof was already used");
  }
  return { jkt };
}
