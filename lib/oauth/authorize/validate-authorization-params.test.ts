import { describe, expect, it } from "vitest";
import type { OAuthClient } from "../clients/get-client.ts";
import { OAuthError } from "../errors.ts";
import { s256 } from "../token/pkce.ts";
import { validateAuthorizationParams } from "./validate-authorization-params.ts";

const client: OAuthClient = {
  id: "demo-app",
  name: "Demo",
  type: "confidential",
  redirectUris: ["http://127.0.0.1:8080/callback"],
  postLogoutRedirectUris: [],
  grantTypes: ["authorization_code", "refresh_token"],
  scopes: ["openid", "profile", "email", "offline_access"],
  firstParty: false,
  idTokenSignedResponseAlg: "RS256",
  requirePkce: true,
  requireNonceWithoutPkce: true,
  requirePushedAuthorizationRequests: false,
  dpopBoundAccessTokens: false,
  allowedNetworks: [],
};
/** The same client with require_pkce off: it may send a nonce instead of PKCE (decision 0006). */
const relaxed: OAuthClient = { ...client, requirePkce: false };
const redirectUri = client.redirectUris[0]!;
const challenge = s256("a".repeat(43));

function params(overrides: Record<string, string | null> = {}): URLSearchParams {
  const base: Record<string, string | null> = {
    client_id: "demo-app",
    redirect_uri: redirectUri,
    response_type: "code",
    scope: "openid profile",
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: "xyz",
    ...overrides,
  };
  return new URLSearchParams(Object.entries(base).filter((entry): entry is [string, string] => entry[1] !== null));
}

function errorOf(search: URLSearchParams, asClient: OAuthClient = client): { code: string; description: string } {
  try {
    validateAuthorizationParams(search, asClient, redirectUri);
  } catch (error) {
    if (error instanceof OAuthError) return { code: error.code, description: error.description };
    throw error;
  }
  throw new Error("expected an OAuthError");
}

describe("validateAuthorizationParams", () => {
  it("accepts a complete request and keeps only what it understood", () => {
    const validated = validateAuthorizationParams(params({ nonce: "n-1", prompt: "login", max_age: "300", login_hint: "a@b.c" }), client, redirectUri);
    expect(validated).toEqual({
      client_id: "demo-app",
      redirect_uri: redirectUri,
      response_type: "code",
      scope: "openid profile",
      code_challenge: challenge,
      code_challenge_method: "S256",
      state: "xyz",
      nonce: "n-1",
      login_hint: "a@b.c",
      prompt: "login",
      max_age: 300,
    });
  });

  it.each([
    ["no response_type", { response_type: null }, "invalid_request", "response_type is required"],
    ["implicit flow", { response_type: "token" }, "unsupported_response_type", "only response_type=code is supported"],
    ["hybrid flow", { response_type: "code id_token" }, "unsupported_response_type", "only response_type=code is supported"],
    ["no PKCE", { code_challenge: null, code_challenge_method: null }, "invalid_request", "code_challenge is required (PKCE)"],
    ["plain PKCE", { code_challenge_method: "plain" }, "invalid_request", "code_challenge_method must be S256"],
    ["PKCE without a method (defaults to plain)", { code_challenge_method: null }, "invalid_request", "code_challenge_method must be S256"],
    ["short challenge", { code_challenge: "abc" }, "invalid_request", "code_challenge must be 43 base64url characters"],
    ["no scope", { scope: null }, "invalid_scope", "scope is required"],
    ["only scope values nobody knows", { scope: "admin address" }, "invalid_scope", "scope names no scope this server supports"],
    ["scope the client may not use", { scope: "openid phone" }, "invalid_scope", "scope not allowed for this client: phone"],
    ["unknown prompt", { prompt: "select_account" }, "invalid_request", "prompt select_account is not supported"],
    ["prompt none with login", { prompt: "none login" }, "invalid_request", "prompt=none cannot be combined with other values"],
    ["negative max_age", { max_age: "-1" }, "invalid_request", "max_age must be a non-negative integer"],
    ["fragment response mode", { response_mode: "fragment" }, "invalid_request", "only response_mode=query is supported"],
    ["request object", { request: "eyJ..." }, "request_not_supported", "request objects are not supported"],
    ["request_uri", { request_uri: "https://x" }, "request_uri_not_supported", "request_uri is not supported"],
  ])("refuses %s", (_name, overrides, code, description) => {
    expect(errorOf(params(overrides))).toEqual({ code, description });
  });

  it("ignores scope values it does not know (OIDC Core 3.1.2.1) and keeps the rest", () => {
    expect(validateAuthorizationParams(params({ scope: "admin openid address profile" }), client, redirectUri).scope).toBe("openid profile");
  });

  it("refuses a scope it knows that this client may not hold, even beside unknown ones", () => {
    expect(errorOf(params({ scope: "openid admin phone" }))).toEqual({ code: "invalid_scope", description: "scope not allowed for this client: phone" });
  });

  describe("a confidential client with require_pkce off", () => {
    const withoutPkce = { code_challenge: null, code_challenge_method: null };

    it("may send a nonce instead of PKCE on an openid request; the parked request has no challenge", () => {
      const validated = validateAuthorizationParams(params({ ...withoutPkce, nonce: "n-1" }), relaxed, redirectUri);
      expect(validated).not.toHaveProperty("code_challenge");
      expect(validated).not.toHaveProperty("code_challenge_method");
      expect(validated.nonce).toBe("n-1");
    });

    it.each([
      ["an openid request with neither PKCE nor nonce", { ...withoutPkce }],
      ["a plain OAuth request without PKCE, even with a nonce", { ...withoutPkce, scope: "profile", nonce: "n-1" }],
    ])("refuses %s", (_name, overrides) => {
      expect(errorOf(params(overrides), relaxed)).toEqual({ code: "invalid_request", description: "code_challenge (PKCE) or, for an openid request, a nonce is required" });
    });

    it.each([
      ["plain PKCE", { code_challenge_method: "plain", nonce: "n-1" }, "code_challenge_method must be S256"],
      ["a method without a challenge", { code_challenge: null, nonce: "n-1" }, "code_challenge is required (PKCE)"],
      ["a short challenge", { code_challenge: "abc", nonce: "n-1" }, "code_challenge must be 43 base64url characters"],
    ])("still enforces PKCE that is sent: %s", (_name, overrides, description) => {
      expect(errorOf(params(overrides), relaxed)).toEqual({ code: "invalid_request", description });
    });

    it("keeps PKCE that is sent", () => {
      expect(validateAuthorizationParams(params({ nonce: "n-1" }), relaxed, redirectUri).code_challenge).toBe(challenge);
    });
  });

  describe("a certification run's client, with require_nonce_without_pkce off too", () => {
    const certification: OAuthClient = { ...relaxed, requireNonceWithoutPkce: false };

    it("accepts an openid request with neither PKCE nor nonce (OIDC Core 3.1.2.1: nonce is optional in the code flow)", () => {
      const validated = validateAuthorizationParams(params({ code_challenge: null, code_challenge_method: null }), certification, redirectUri);
      expect(validated).not.toHaveProperty("code_challenge");
      expect(validated.nonce).toBeUndefined();
    });

    it("still enforces PKCE that is sent", () => {
      expect(errorOf(params({ code_challenge_method: "plain" }), certification)).toEqual({ code: "invalid_request", description: "code_challenge_method must be S256" });
    });
  });

  it("keeps the claims asked for by name that the client may hold (OIDC Core 5.5); a plain OAuth request ignores them", () => {
    const claims = JSON.stringify({ userinfo: { name: { essential: true }, phone_number: null }, id_token: { email: null } });
    expect(validateAuthorizationParams(params({ claims }), client, redirectUri).claims).toEqual({ userinfo: ["name"], id_token: ["email"] });
    expect(validateAuthorizationParams(params({ claims, scope: "profile" }), client, redirectUri)).not.toHaveProperty("claims");
    expect(errorOf(params({ claims: "{not json" }))).toEqual({
      code: "invalid_request",
      description: "claims must be a JSON object whose userinfo and id_token members request claims (OIDC Core 5.5)",
    });
  });

  it("refuses a repeated parameter", () => {
    const search = params();
    search.append("scope", "email");
    expect(errorOf(search)).toEqual({ code: "invalid_request", description: "parameter scope is repeated" });
  });
});
