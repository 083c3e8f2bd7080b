/**
 * OAuth 2.0 errors (RFC 6749 4.1.2.1 and 5.2, RFC 7009, RFC 7662, OIDC Core 3.1.2.6). One class, a closed
 * set of codes with their HTTP status; the description is always written by us and safe to show.
 * lib/http/oauth.ts renders them; anything else thrown becomes a generic `server_error`.
 */
export const OAUTH_ERROR_STATUS = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  unsupported_response_type: 400,
  unsupported_token_type: 400,
  invalid_scope: 400,
  access_denied: 403,
  invalid_token: 401,
  // RFC 6750 3.1: a bearer token without the scope the resource needs (userinfo without `openid`).
  insufficient_scope: 403,
  login_required: 400,
  consent_required: 400,
  interaction_required: 400,
  request_not_supported: 400,
  request_uri_not_supported: 400,
  registration_not_supported: 400,
  // RFC 8628 3.5: the device's polls before the member has answered, or too soon, or too late.
  authorization_pending: 400,
  slow_down: 400,
  expired_token: 400,
  // RFC 9449 7.1, 8: a DPoP proof that is missing or wrong, or without our current nonce.
  invalid_dpop_proof: 400,
  use_dpop_nonce: 400,
  server_error: 500,
  temporarily_unavailable: 503,
} as const;

export type OAuthErrorCode = keyof typeof OAUTH_ERROR_STATUS;

export class OAuthError extends Error {
  override name = "OAuthError";
  readonly status: number;

  constructor(
    readonly code: OAuthErrorCode,
    readonly description: string,
    /** Extra response headers, e.g. WWW-Authenticate for invalid_client with Basic. */
    readonly headers: Record<string, string> = {},
    /** When the endpoint answers this code with another status (the token endpoint's access_denied is 400, RFC 6749 5.2). */
    status?: number,
  ) {
    super(`${code}: ${description}`);
    this.status = status ?? OAUTH_ERROR_STATUS[code];
  }
}

export const invalidRequest = (description: string) => new OAuthError("invalid_request", description);
export const invalidGrant = (description: string) => new OAuthError("invalid_grant", description);
