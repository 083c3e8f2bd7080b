import "server-only";
import type { Database } from "../../db/database.ts";
import { env } from "../../env.ts";
import type { HeaderReader } from "../../kernel/header-reader.ts";
import type { OAuthClient } from "../clients/get-client.ts";
import { OAuthError } from "../errors.ts";
import { dpopProofOf } from "./dpop-header.ts";
import { currentDpopNonce } from "./dpop-nonce.ts";
import { DpopProofError, verifyDpopProof } from "./dpop-proof.ts";

/** The header that hands a client the nonce for its next proof (RFC 9449 8). */
export const DPOP_NONCE_HEADER = "DPoP-Nonce";

export function dpopNonceHeaders(): Record<string, string> {
  return { [DPOP_NONCE_HEADER]: currentDpopNonce() };
}

/**
 * The DPoP key of a token request (RFC 9449 5), or null when it came without a proof: a proof is checked
 * against the token endpoint's URL with one of our nonces. A client registered with
 * `dpop_bound_access_tokens` must send one. Refusals are the token endpoint's 400s, with a fresh nonce.
 */
export async function tokenRequestDpopKey(database: Database, headers: HeaderReader, client: OAuthClient): Promise<string | null> {
  try {
    const proof = dpopProofOf(headers);
    if (!proof) {
      if (client.dpopBoundAccessTokens) throw new DpopProofError("invalid_dpop_proof", "this client must send a DPoP proof with every token request");
      return null;
    }
    const { jkt } = await verifyDpopProof(database, { proof, method: "POST", urls: [`${env().BASE_URL}/oauth/token`], requireNonce: true });
    return jkt;
  } catch (error) {
    if (error instanceof DpopProofError) throw new OAuthError(error.code, error.description, dpopNonceHeaders());
    throw error;
  }
}

/**
 * The key a new grant's refresh tokens are bound to: a public client's only (RFC 9449 5). A confidential
 * client's refresh tokens are bound to its credentials already, and its access tokens to whichever key each
 * refresh proves.
 */
export function refreshTokensBoundTo(client: Pick<OAuthClient, "type">, dpopJkt: string | null): string | null {
  return client.type === "public" ? dpopJkt : null;
}
