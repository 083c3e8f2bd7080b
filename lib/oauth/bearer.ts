import { OAuthError } from "./errors.ts";

/**
 * A refused bearer token (RFC 6750 3.1): the error in the body and in the WWW-Authenticate challenge, so a
 * client learns why from either. The descriptions are ours and hold no quote.
 */
export function bearerError(code: "invalid_request" | "invalid_token" | "insufficient_scope", description: string): OAuthError {
  return new OAuthError(code, description, { "WWW-Authenticate": `Bearer error="${code}", error_description="${description}"` });
}

/**
 * A request that carries no token at all (RFC 6750 3.1): the challenge names the scheme and nothing else,
 * since there is no error to report to a client that has not tried yet.
 */
export function bearerMissing(): OAuthError {
  return new OAuthError("invalid_token", "an access token is required", { "WWW-Authenticate": "Bearer" });
}

/** An access token as a request presented it: as a bearer token (RFC 6750) or DPoP-bound (RFC 9449 7.1). */
export interface PresentedAccessToken {
  scheme: "Bearer" | "DPoP";
  token: string;
}

/**
 * The token of a protected-resource request: the Authorization header (RFC 6750 2.1, RFC 9449 7.1) or, on a
 * form POST, the `access_token` body parameter (RFC 6750 2.2, a bearer token). Both at once is refused
 * (RFC 6750 2: "MUST NOT use more than one method"); neither is null.
 */
export function presentedAccessTokenOrBody(headers: Headers, form: URLSearchParams | null): PresentedAccessToken | null {
  const fromHeader = presentedAccessToken(headers);
  const fromBody = form?.get("access_token") ?? null;
  if (fromHeader !== null && fromBody !== null) throw bearerError("invalid_request", "send the access token in one place: the Authorization header or the body");
  return fromHeader ?? (fromBody ? { scheme: "Bearer", token: fromBody } : null);
}

/** The token of an `Authorization: Bearer <token>` or `DPoP <token>` header, or null when absent or malformed. */
export function presentedAccessToken(headers: Pick<Headers, "get">): PresentedAccessToken | null {
  const header = headers.get("authorization");
  if (!header) return null;
  const match = /^(Bearer|DPoP) +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header);
  if (!match) return null;
  return { scheme: match[1]!.toLowerCase() === "dpop" ? "DPoP" : "Bearer", token: match[2]! };
}
