import "server-only";
import type { Database } from "../../db/database.ts";
import { env } from "../../env.ts";
import type { PresentedAccessToken } from "../bearer.ts";
import { dpopProofOf } from "./dpop-header.ts";
import { DPOP_SIGNING_ALGS, DpopProofError, verifyDpopProof } from "./dpop-proof.ts";

/** A token presented the wrong way for its binding, or with a bad proof: 401 with a DPoP challenge (RFC 9449 7.1). */
export class TokenBindingError extends Error {
  override name = "TokenBindingError";
  readonly challenge: string;
  constructor(
    readonly code: "invalid_token" | "invalid_dpop_proof",
    readonly description: string,
  ) {
    super(`${code}: ${description}`);
    this.challenge = `DPoP error="${code}", error_description="${description}", algs="${DPOP_SIGNING_ALGS.join(" ")}"`;
  }
}

export interface ResourceRequest {
  method: string;
  /** The URL the request arrived at; the proof may name it or the same path under BASE_URL. */
  url: string;
  headers: Pick<Headers, "get">;
}

/**
 * At a protected resource (/oauth/userinfo, /api/v1): a token bound to a DPoP key (`cnf.jkt`) counts only
 * with the DPoP scheme and a proof of that key for this request and this token (RFC 9449 7); as a plain
 * bearer token it is refused, so a copied token is worthless. An unbound token must come as Bearer.
 */
export async function checkTokenBinding(database: Database, presented: PresentedAccessToken, tokenJkt: string | null, request: ResourceRequest): Promise<void> {
  if (presented.scheme === "Bearer") {
    if (tokenJkt) throw new TokenBindingError("invalid_token", "the access token is DPoP-bound: send it with the DPoP scheme and a DPoP proof");
    return;
  }
  if (!tokenJkt) throw new TokenBindingError("invalid_token", "the access token is not DPoP-bound: send it as a Bearer token");
  let proof: string | null;
  try {
    proof = dpopProofOf(request.headers);
    if (!proof) throw new DpopProofError("invalid_dpop_proof", "a DPoP proof is required with a DPoP-bound token");
    // Whichever address the client used: the public one (discovery's) or the one this request came to.
    const urls = [`${env().BASE_URL}${new URL(request.url).pathname}`, request.url];
    const { jkt } = await verifyDpopProof(database, { proof, method: request.method, urls, accessToken: presented.token, requireNonce: false });
    if (jkt !== tokenJkt) throw new DpopProofError("invalid_dpop_proof", "the DPoP proof is signed with another key than the token is bound to");
  } catch (error) {
    if (error instanceof DpopProofError) throw new TokenBindingError("invalid_dpop_proof", error.description);
    throw error;
  }
}
