import { createHash } from "node:crypto";
import { constantTimeEqual } from "../../crypto/tokens.ts";

/** RFC 7636 4.1: 43-128 characters of the unreserved set. */
export const CODE_VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;
/** An S256 challenge is the base64url SHA-256 of a verifier: exactly 43 characters. */
export const CODE_CHALLENGE_PATTERN = /^[A-Za-z0-9\-_]{43}$/;

export function s256(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}

export function verifierMatchesChallenge(verifier: string, challenge: string): boolean {
  return CODE_VERIFIER_PATTERN.test(verifier) && constantTimeEqual(s256(verifier), challenge);
}
