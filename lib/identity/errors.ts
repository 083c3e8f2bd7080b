/**
 * The identity service's errors (decisions.md part 2): a closed set of codes, each with its status.
 * The body is always `{ error, error_description }`; the description is written by us and safe to show.
 */
export const IDENTITY_ERROR_STATUS = {
  invalid_request: 400,
  invalid_token: 401,
  // RFC 9470: the token is good but the sign-in behind it is too old, or lacks a second factor.
  insufficient_user_authentication: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many_requests: 429,
  server_error: 500,
  service_unavailable: 503,
  // A method the route does not implement (lib/http/method-not-allowed.ts), with `Allow`.
  method_not_allowed: 405,
} as const;

export type IdentityErrorCode = keyof typeof IDENTITY_ERROR_STATUS;

export class IdentityError extends Error {
  override name = "IdentityError";
  readonly status: number;

  constructor(
    readonly code: IdentityErrorCode,
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(`${code}: ${description}`);
    this.status = IDENTITY_ERROR_STATUS[code];
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
