import { DpopProofError } from "./dpop-proof.ts";

/**
 * The request's DPoP proof (RFC 9449 4.1): the one `DPoP` header, or null when there is none. Two headers
 * arrive joined by a comma, which no JWT contains: refused (4.3, "not more than one DPoP HTTP request header").
 */
export function dpopProofOf(headers: Pick<Headers, "get">): string | null {
  const value = headers.get("dpop");
  if (value === null) return null;
  if (value.includes(",") || value.trim() === "") throw new DpopProofError("invalid_dpop_proof", "send exactly one DPoP header");
  return value.trim();
}
