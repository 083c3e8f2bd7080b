/**
 * Errors the authorization endpoint cannot send back to the client, because the client or its
 * redirect URI is not trustworthy (RFC 6749 4.1.2.1): the member sees them on our own error page.
 */
export const AUTHORIZE_PAGE_ERRORS = {
  missing_client_id: "The app did not say who it is (client_id is missing).",
  unknown_client: "This app is not registered with us.",
  missing_redirect_uri: "The app did not say where to return (redirect_uri is missing).",
  invalid_redirect_uri: "The app asked to return to an address it has not registered.",
  repeated_parameter: "The sign-in link is malformed (a parameter is repeated).",
  expired_request: "This sign-in took too long or was already finished. Go back to the app and start again.",
  invalid_logout_hint: "The app's sign-out request could not be verified.",
  invalid_post_logout_redirect_uri: "The app asked to return after sign-out to an address it has not registered.",
  request_too_large: "The app's request is too large (a form post of more than 16 KiB).",
  invalid_request_uri: "This sign-in link has expired or was already used. Go back to the app and start again.",
} as const;

export type AuthorizePageErrorCode = keyof typeof AUTHORIZE_PAGE_ERRORS;

/**
 * The sentence for a code from the error page's query, or null for anything else. Own keys only:
 * `?error=__proto__` found Object.prototype through `in` and made the page a 500 (hostile-input proof).
 */
export function authorizePageErrorCode(code: unknown): AuthorizePageErrorCode | null {
  return typeof code === "string" && Object.hasOwn(AUTHORIZE_PAGE_ERRORS, code) ? (code as AuthorizePageErrorCode) : null;
}

export class AuthorizePageError extends Error {
  override name = "AuthorizePageError";
  constructor(readonly code: AuthorizePageErrorCode) {
    super(AUTHORIZE_PAGE_ERRORS[code]);
  }
}
