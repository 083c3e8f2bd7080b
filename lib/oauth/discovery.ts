import { env } from "../env.ts";
import { LOCALES } from "../kernel/locales.ts";
import { ACR_VALUES } from "./acr.ts";
import { DPOP_SIGNING_ALGS } from "./dpop/dpop-proof.ts";
import { TOKEN_ENDPOINT_AUTH_METHODS } from "./clients/authenticate-client.ts";
import { GRANT_TYPES } from "./clients/grant-types.ts";
import {
  authorizeEndpoint,
  deviceAuthorizationEndpoint,
  endSessionEndpoint,
  introspectionEndpoint,
  jwksEndpoint,
  pushedAuthorizationEndpoint,
  revocationEndpoint,
  tokenEndpoint,
  userinfoEndpoint,
} from "./oauth-endpoints.ts";
import { SUPPORTED_CLAIMS, SUPPORTED_SCOPES } from "./scopes.ts";

/** OpenID Provider Metadata (OIDC Discovery 1.0 section 3, RFC 8414), issuer = BASE_URL. */
export function openIdConfiguration() {
  const issuer = env().BASE_URL;
  return {
    issuer,
    authorization_endpoint: `${issuer}${authorizeEndpoint.path}`,
    token_endpoint: `${issuer}${tokenEndpoint.path}`,
    userinfo_endpoint: `${issuer}${userinfoEndpoint.path}`,
    jwks_uri: `${issuer}${jwksEndpoint.path}`,
    revocation_endpoint: `${issuer}${revocationEndpoint.path}`,
    introspection_endpoint: `${issuer}${introspectionEndpoint.path}`,
    end_session_endpoint: `${issuer}${endSessionEndpoint.path}`,
    pushed_authorization_request_endpoint: `${issuer}${pushedAuthorizationEndpoint.path}`,
    device_authorization_endpoint: `${issuer}${deviceAuthorizationEndpoint.path}`,
    require_pushed_authorization_requests: false,
    scopes_supported: [...SUPPORTED_SCOPES],
    claims_supported: SUPPORTED_CLAIMS,
    acr_values_supported: [...ACR_VALUES],
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: [...GRANT_TYPES],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["RS256", "ES256"],
    userinfo_signing_alg_values_supported: [],
    token_endpoint_auth_methods_supported: [...TOKEN_ENDPOINT_AUTH_METHODS],
    revocation_endpoint_auth_methods_supported: [...TOKEN_ENDPOINT_AUTH_METHODS],
    introspection_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
    code_challenge_methods_supported: ["S256"],
    dpop_signing_alg_values_supported: [...DPOP_SIGNING_ALGS],
    prompt_values_supported: ["none", "login", "consent"],
    claims_parameter_supported: true,
    request_parameter_supported: false,
    // Only the request_uri of a pushed request (RFC 9126); none from elsewhere.
    request_uri_parameter_supported: false,
    authorization_response_iss_parameter_supported: true,
    frontchannel_logout_supported: false,
    backchannel_logout_supported: true,
    backchannel_logout_session_supported: true,
    // The languages the sign-in pages speak (issue 41): ui_locales chooses among them.
    ui_locales_supported: [...LOCALES],
  };
}
