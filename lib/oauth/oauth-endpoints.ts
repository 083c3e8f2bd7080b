/**
 * One definition per OAuth 2.0 and OpenID Connect endpoint (docs/decisions/0032). They are read by apps'
 * OAuth libraries and by browsers, not by our typed client: their parameters are the RFCs' form and query
 * parameters, checked by the domain with the RFCs' own error codes, and they answer in one of two shapes,
 * so their definitions are a kind of their own beside the identity API's (lib/openapi/endpoint.ts) and the
 * calendar's (lib/openapi/calendar-endpoint.ts). The route files' exports and 405s
 * (lib/http/oauth-endpoint-route.ts), the route-file test, the discovery document's addresses
 * (./discovery.ts), the hostile-input proof's OAuth paths (scripts/proofs/fuzz.ts) and the token endpoint's
 * fast path (server/main.ts) are derived from them.
 *
 * `answers` says how a refusal looks:
 * - `json`: RFC 6749's `{ error, error_description }` (a wrong method is its `invalid_request` with 405 and Allow);
 * - `browser`: a member's browser is there, so a redirect (to the client, or to our error page).
 */
export interface OAuthEndpoint<Path extends string = string> {
  path: Path;
  methods: readonly ("GET" | "POST")[];
  /** What it does, and the specification it follows. */
  summary: string;
  answers: "json" | "browser";
  /** The parameters it reads, in the form body or the query (the hostile-input proof sends each, and only these). */
  parameters: readonly string[];
  /** Served by `npm start`'s server before Next's router (server/main.ts, docs/decisions/0008). */
  fastPath?: true;
}

function defineOAuthEndpoint<const Path extends string>(endpoint: OAuthEndpoint<Path>): OAuthEndpoint<Path> {
  return endpoint;
}

/**
 * The parameters an authorization request's checks read (RFC 6749 4.1.1, OIDC Core 3.1.2.1, RFC 7636, RFC 9126):
 * `request` and `registration` only to refuse them (no request objects, no dynamic registration).
 */
const AUTHORIZATION_PARAMETERS = [
  "response_type",
  "client_id",
  "redirect_uri",
  "scope",
  "state",
  "nonce",
  "code_challenge",
  "code_challenge_method",
  "prompt",
  "max_age",
  "login_hint",
  "ui_locales",
  "claims",
  "response_mode",
  "request",
  "request_uri",
  "registration",
] as const;

/** How a confidential client authenticates in the form (RFC 6749 2.3.1); Basic authentication is a header. */
const CLIENT_PARAMETERS = ["client_id", "client_secret"] as const;

export const authorizeEndpoint = defineOAuthEndpoint({
  path: "/oauth/authorize",
  methods: ["GET", "POST"],
  summary: "Start an authorization code flow (RFC 6749 4.1, OIDC Core 3.1.2), or one pushed to /oauth/par (RFC 9126); POST form-encoded (OIDC Core 3.1.2.1)",
  answers: "browser",
  parameters: AUTHORIZATION_PARAMETERS,
});

export const resumeAuthorizationEndpoint = defineOAuthEndpoint({
  path: "/oauth/authorize/resume",
  methods: ["GET"],
  summary: "Continue a parked authorization request after sign-in or consent, in the browser that started it",
  answers: "browser",
  parameters: ["request"],
});

export const pushedAuthorizationEndpoint = defineOAuthEndpoint({
  path: "/oauth/par",
  methods: ["POST"],
  summary: "Push an authorization request, get a request_uri for the browser (RFC 9126)",
  answers: "json",
  // A pushed request_uri is refused; the client's own credentials are taken out before the request is kept.
  parameters: [...AUTHORIZATION_PARAMETERS, "client_secret", "client_assertion", "client_assertion_type"],
});

export const tokenEndpoint = defineOAuthEndpoint({
  path: "/oauth/token",
  methods: ["POST"],
  summary: "Exchange a code, a refresh token, a device code or client credentials for tokens (RFC 6749 3.2, RFC 8628 3.4)",
  answers: "json",
  parameters: ["grant_type", "code", "redirect_uri", "code_verifier", "refresh_token", "device_code", "scope", ...CLIENT_PARAMETERS],
  fastPath: true,
});

export const deviceAuthorizationEndpoint = defineOAuthEndpoint({
  path: "/oauth/device_authorization",
  methods: ["POST"],
  summary: "A kiosk or display asks for a device code and a user code (RFC 8628 3.1)",
  answers: "json",
  parameters: ["scope", ...CLIENT_PARAMETERS],
});

export const revocationEndpoint = defineOAuthEndpoint({
  path: "/oauth/revoke",
  methods: ["POST"],
  summary: "Revoke an access or refresh token of the calling client (RFC 7009)",
  answers: "json",
  parameters: ["token", "token_type_hint", ...CLIENT_PARAMETERS],
});

export const introspectionEndpoint = defineOAuthEndpoint({
  path: "/oauth/introspect",
  methods: ["POST"],
  summary: "Whether a token is active, and its claims (RFC 7662)",
  answers: "json",
  parameters: ["token", "token_type_hint", ...CLIENT_PARAMETERS],
});

export const userinfoEndpoint = defineOAuthEndpoint({
  path: "/oauth/userinfo",
  methods: ["GET", "POST"],
  summary: "The signed-in member's claims, by the access token's scopes (OIDC Core 5.3); POST may carry the token in the form (RFC 6750 2.2)",
  answers: "json",
  parameters: ["access_token"],
});

export const endSessionEndpoint = defineOAuthEndpoint({
  path: "/oauth/logout",
  methods: ["GET", "POST"],
  summary: "RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0); POST form-encoded",
  answers: "browser",
  parameters: ["id_token_hint", "client_id", "post_logout_redirect_uri", "state"],
});

export const jwksEndpoint = defineOAuthEndpoint({
  path: "/.well-known/jwks.json",
  methods: ["GET"],
  summary: "The public signing keys: current and recently retired (RFC 7517)",
  answers: "json",
  parameters: [],
});

export const discoveryEndpoint = defineOAuthEndpoint({
  path: "/.well-known/openid-configuration",
  methods: ["GET"],
  summary: "OpenID Provider metadata (OIDC Discovery 1.0)",
  answers: "json",
  parameters: [],
});

/** Every OAuth and OpenID Connect endpoint, each answered by the route file of its path (lib/http/endpoint-routes.test.ts). */
export const OAUTH_ENDPOINTS: readonly OAuthEndpoint[] = [
  authorizeEndpoint,
  resumeAuthorizationEndpoint,
  pushedAuthorizationEndpoint,
  tokenEndpoint,
  deviceAuthorizationEndpoint,
  revocationEndpoint,
  introspectionEndpoint,
  userinfoEndpoint,
  endSessionEndpoint,
  jwksEndpoint,
  discoveryEndpoint,
];
