import "server-only";
import { rejectRepeatedParameters } from "../repeated-parameters.ts";
import type { AuthorizationParams } from "../authorization-request.ts";
import type { OAuthClient } from "../clients/get-client.ts";
import { OAuthError, invalidRequest } from "../errors.ts";
import { requestedScopes } from "../requested-scopes.ts";
import { parseScope, scopeAllowedForClient } from "../scopes.ts";
import { CODE_CHALLENGE_PATTERN } from "../token/pkce.ts";
import { CLAIMS_PARAMETER_INVALID, parseClaimsRequest, type RequestedClaims } from "../claims-request.ts";

const PROMPTS = new Set(["none", "login", "consent"]);
export const MAX_PARAM_LENGTH = 2048;

/**
 * Step 2: every other parameter, once the redirect URI is trusted, so failures go back to the client.
 * Only the authorization code flow; PKCE with S256 (RFC 9700 2.1.1), enforced whenever it is sent and
 * required unless a confidential client's require_pkce is off, when its OpenID request must carry a nonce
 * instead (RFC 9700 2.1.1, OIDC Core 3.1.2.1; decision 0006) unless require_nonce_without_pkce is off too
 * (a certification run's client: OIDC Core makes nonce optional in the code flow); the scopes the client may ask for (a value we do not know is ignored, OIDC Core 3.1.2.1; one we know but the client may not hold
 * is refused), and OIDC's prompt/max_age/login_hint/nonce.
 */
export function validateAuthorizationParams(params: URLSearchParams, client: OAuthClient, redirectUri: string): AuthorizationParams {
  rejectRepeatedParameters(params);
  for (const [key, value] of params) {
    if (value.length > MAX_PARAM_LENGTH) throw invalidRequest(`${key.slice(0, 40)} is too long`);
  }
  if (params.has("request")) throw new OAuthError("request_not_supported", "request objects are not supported");
  if (params.has("request_uri")) throw new OAuthError("request_uri_not_supported", "request_uri is not supported");
  if (params.has("registration")) throw new OAuthError("registration_not_supported", "registration is not supported");

  const responseType = params.get("response_type");
  if (!responseType) throw invalidRequest("response_type is required");
  if (responseType !== "code") throw new OAuthError("unsupported_response_type", "only response_type=code is supported");
  if (!client.grantTypes.includes("authorization_code")) {
    throw new OAuthError("unauthorized_client", "this client may not use the authorization code flow");
  }
  const responseMode = params.get("response_mode");
  if (responseMode !== null && responseMode !== "query") throw invalidRequest("only response_mode=query is supported");

  const scopes = requestedScopes(params.get("scope"), client);

  const codeChallenge = params.get("code_challenge");
  const method = params.get("code_challenge_method");
  const nonce = params.get("nonce");
  if (codeChallenge || method !== null || client.requirePkce) {
    if (!codeChallenge) throw invalidRequest("code_challenge is required (PKCE)");
    if (method !== "S256") throw invalidRequest("code_challenge_method must be S256");
    if (!CODE_CHALLENGE_PATTERN.test(codeChallenge)) throw invalidRequest("code_challenge must be 43 base64url characters");
  } else if (client.requireNonceWithoutPkce && (!scopes.includes("openid") || !nonce)) {
    // Without PKCE only the ID token's nonce ties the code to this browser's request (RFC 9700 4.5.3.2).
    throw invalidRequest("code_challenge (PKCE) or, for an openid request, a nonce is required");
  }

  // Only with openid: the claims parameter is OpenID Connect's (5.5); a plain OAuth request ignores it.
  let claims: RequestedClaims | null = null;
  const claimsText = params.get("claims");
  if (claimsText !== null && scopes.includes("openid")) {
    try {
      claims = parseClaimsRequest(claimsText, (scope) => client.scopes.includes(scope) && scopeAllowedForClient(scope, client.firstParty));
    } catch {
      throw invalidRequest(CLAIMS_PARAMETER_INVALID);
    }
  }

  const prompts = parseScope(params.get("prompt"));
  const unknownPrompt = prompts.find((prompt) => !PROMPTS.has(prompt));
  if (unknownPrompt) throw invalidRequest(`prompt ${unknownPrompt.slice(0, 40)} is not supported`);
  if (prompts.includes("none") && prompts.length > 1) throw invalidRequest("prompt=none cannot be combined with other values");

  const maxAgeText = params.get("max_age");
  let maxAge: number | undefined;
  if (maxAgeText !== null) {
    if (!/^\d{1,9}$/.test(maxAgeText)) throw invalidRequest("max_age must be a non-negative integer");
    maxAge = Number(maxAgeText);
  }

  const validated: AuthorizationParams = {
    client_id: client.id,
    redirect_uri: redirectUri,
    response_type: "code",
    scope: scopes.join(" "),
  };
  if (codeChallenge) {
    validated.code_challenge = codeChallenge;
    validated.code_challenge_method = "S256";
  }
  const optional = { state: params.get("state"), nonce, login_hint: params.get("login_hint"), ui_locales: params.get("ui_locales") };
  for (const [key, value] of Object.entries(optional)) {
    if (value) (validated as unknown as Record<string, string>)[key] = value;
  }
  if (prompts.length > 0) validated.prompt = prompts.join(" ");
  if (maxAge !== undefined) validated.max_age = maxAge;
  if (claims) validated.claims = claims;
  return validated;
}
