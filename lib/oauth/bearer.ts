import { OAuthError } from "./errors.ts";

/**
 * A refused bearer token (RFC 6750 3.1): the error in the body and in the WWW-Authenticate challenge, so a
 * client learns why from either. The descriptions are ours and hold no quote.
 */
export function bearerError(code: "invalid_request" | "invalid_token" | "insufficient_scope", description: string): OAuthError {
  return new OAuthError(code, description, { "WWW-Authenticate": `Bearer error="${code}", error_description="${description}"` });
}

/** The token of an `Authorization: Bearer <token>` header (RFC 6750 2.1), or null when absent or malformed. */
export function bearerToken(headers: Headers): string | null {
  const header = headers.get("authorization");
  if (!header) return null;
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header);
  return match ? match[1]! : null;
}
