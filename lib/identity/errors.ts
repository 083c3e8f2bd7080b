/**
 * The errors of the identity domain, surface-neutral: a kind from a closed set and a sentence written by us,
 * safe to show. The services throw them wherever they are called from; each surface's wrapper gives them its
 * own shape and status: `{ error, error_description }` with the identity table's status under /api/v1
 * (lib/http/identity-error-status.ts, decisions.md part 2), the form's error and page on the account forms
 * (lib/http/forms.ts).
 */
export const IDENTITY_ERROR_CODES = [
  "invalid_request",
  "invalid_token",
  // RFC 9470: the token is good but the sign-in behind it is too old, or lacks a second factor.
  "insufficient_user_authentication",
  "forbidden",
  "not_found",
  "conflict",
  "too_many_requests",
  "server_error",
  "service_unavailable",
  // A method the route does not implement (lib/http/method-not-allowed.ts), with `Allow`.
  "method_not_allowed",
] as const;

export type IdentityErrorCode = (typeof IDENTITY_ERROR_CODES)[number];

export class IdentityError extends Error {
  override name = "IdentityError";

  constructor(
    readonly code: IdentityErrorCode,
    readonly description: string,
    /** What the answer must also carry: Retry-After, a WWW-Authenticate challenge, Allow. */
    readonly headers: Record<string, string> = {},
  ) {
    super(`${code}: ${description}`);
  }
}

export const notFound = (what: string) => new IdentityError("not_found", `${what} not found`);
export const forbidden = (permission: string) => new IdentityError("forbidden", `missing permission ${permission}`);

/** The token lacks a scope the route needs: `forbidden`, with RFC 6750's `insufficient_scope` challenge naming it. */
export const insufficientScope = (scope: string) =>
  new IdentityError("forbidden", `missing scope ${scope}`, {
    "WWW-Authenticate": `Bearer error="insufficient_scope", scope="${scope}", error_description="missing scope ${scope}"`,
  });

/**
 * RFC 9470 step-up: sign in again (within `maxAgeSeconds` when given) before this call. The client sends the
 * member back through /oauth/authorize with that `max_age`.
 */
export const insufficientUserAuthentication = (description: string, maxAgeSeconds?: number) =>
  new IdentityError("insufficient_user_authentication", description, {
    "WWW-Authenticate": `Bearer error="insufficient_user_authentication", error_description="${description}"${maxAgeSeconds === undefined ? "" : `, max_age=${maxAgeSeconds}`}`,
  });
export const invalidToken = (description: string) =>
  new IdentityError("invalid_token", description, {
    "WWW-Authenticate": `Bearer error="invalid_token", error_description="${description}"`,
  });
export const tooManyRequests = (retryAfterSeconds: number, description = "too many attempts; try again later") =>
  new IdentityError("too_many_requests", description, { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
