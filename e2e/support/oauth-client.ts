/**
 * The relying party's side of the OAuth tests: an openid-client 6 configuration for the demo client, found
 * by discovery like any real client would, and plain HTTP calls to the token, revocation, introspection and
 * userinfo endpoints for the negative tests, which compare exact statuses, headers and bodies.
 */
import { createHmac, hkdfSync } from "node:crypto";
import { expect } from "@playwright/test";
import {
  ClientSecretBasic,
  ClientSecretPost,
  None,
  allowInsecureRequests,
  authorizationCodeGrant,
  buildAuthorizationUrl,
  calculatePKCECodeChallenge,
  discovery,
  randomNonce,
  randomPKCECodeVerifier,
  randomState,
  type Configuration,
} from "openid-client";
import { DEMO_APP, OAuthBrowser, type Account, type AuthorizeOptions, type AuthorizationOutcome } from "./oauth-browser.ts";
import { POSTGRES_BASE_URL, TEST_APP_SECRET } from "./test-env.ts";
import { PORTAL_SCOPES } from "./identity-contract.ts";

export const ISSUER = POSTGRES_BASE_URL;

export interface ClientCredentials {
  id: string;
  secret: string | null;
}

export const DEMO_CLIENT: ClientCredentials = { id: DEMO_APP.id, secret: DEMO_APP.secret };

/** openid-client configured by discovery for a client (at the test server unless told another issuer); client_secret_basic unless told otherwise. */
export async function relyingParty(
  client: ClientCredentials = DEMO_CLIENT,
  method: "client_secret_basic" | "client_secret_post" | "none" = client.secret ? "client_secret_basic" : "none",
  issuer: string = ISSUER,
): Promise<Configuration> {
  const authentication =
    method === "none" ? None() : method === "client_secret_post" ? ClientSecretPost(client.secret!) : ClientSecretBasic(client.secret!);
  return discovery(new URL(issuer), client.id, undefined, authentication, { execute: [allowInsecureRequests] });
}

export interface StartedAuthorization {
  url: URL;
  verifier: string;
  state: string;
  nonce: string;
}

/** An authorization URL with PKCE (S256), state and nonce, built by openid-client. */
export async function startAuthorization(
  config: Configuration,
  parameters: Record<string, string> = {},
): Promise<StartedAuthorization> {
  const verifier = randomPKCECodeVerifier();
  const state = randomState();
  const nonce = randomNonce();
  const url = buildAuthorizationUrl(config, {
    redirect_uri: DEMO_APP.redirectUri,
    scope: "openid profile email offline_access",
    code_challenge: await calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    nonce,
    ...parameters,
  });
  return { url, verifier, state, nonce };
}

/**
 * The whole front channel for one member: a new (or the given) browser follows the authorization URL
 * through sign-in and consent and must come back with a code.
 */
export async function authorizeInBrowser(
  started: StartedAuthorization,
  account: Account | undefined,
  options: AuthorizeOptions & { browser?: OAuthBrowser } = {},
): Promise<{ browser: OAuthBrowser; outcome: AuthorizationOutcome }> {
  const browser = options.browser ?? new OAuthBrowser();
  const outcome = await browser.authorize(started.url, { account, ...options });
  expect(outcome.code, `no code came back:\n  ${outcome.trail.join("\n  ")}`).toBeTruthy();
  return { browser, outcome };
}

/** Signs in and exchanges the code through openid-client (which validates the ID token): the usual login. */
export async function signInThroughClient(
  config: Configuration,
  account: Account,
  parameters: Record<string, string> = {},
  options: AuthorizeOptions & { browser?: OAuthBrowser } = {},
) {
  const started = await startAuthorization(config, parameters);
  const { browser, outcome } = await authorizeInBrowser(started, account, options);
  const tokens = await authorizationCodeGrant(config, outcome.callback!, {
    pkceCodeVerifier: started.verifier,
    expectedState: started.state,
    expectedNonce: (parameters.scope ?? "openid").split(" ").includes("openid") ? started.nonce : undefined,
    idTokenExpected: (parameters.scope ?? "openid").split(" ").includes("openid"),
  });
  return { browser, outcome, tokens, started };
}

/** `Authorization: Basic …` of client_secret_basic (RFC 6749 2.3.1: id and secret form-urlencoded first). */
export function basic(clientId: string, secret: string): string {
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, "+");
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(secret)}`).toString("base64")}`;
}

export interface EndpointAnswer {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or the text when it is not JSON, or null when empty. */
  body: unknown;
}

async function answer(response: Response): Promise<EndpointAnswer> {
  const text = await response.text();
  let body: unknown = text === "" ? null : text;
  if (text !== "" && response.headers.get("content-type")?.includes("application/json")) body = JSON.parse(text);
  return { status: response.status, headers: response.headers, body };
}

/**
 * POSTs a form to an OAuth endpoint of the server with the client's credentials: client_secret_basic by
 * default, `post` in the body, `none` without any (then give client_id in the form yourself).
 */
export async function postToEndpoint(
  path: "/oauth/token" | "/oauth/revoke" | "/oauth/introspect",
  form: Record<string, string> | URLSearchParams,
  client: ClientCredentials | null = DEMO_CLIENT,
  method: "basic" | "post" | "none" = "basic",
  headers: Record<string, string> = {},
): Promise<EndpointAnswer> {
  const body = new URLSearchParams(form);
  const requestHeaders: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", ...headers };
  if (client && method === "basic") requestHeaders.authorization = basic(client.id, client.secret ?? "");
  if (client && method === "post") {
    body.set("client_id", client.id);
    if (client.secret !== null) body.set("client_secret", client.secret);
  }
  if (client && method === "none") body.set("client_id", client.id);
  return answer(await fetch(new URL(path, ISSUER), { method: "POST", headers: requestHeaders, body: body.toString() }));
}

export function tokenRequest(form: Record<string, string> | URLSearchParams, client: ClientCredentials | null = DEMO_CLIENT, method: "basic" | "post" | "none" = "basic") {
  return postToEndpoint("/oauth/token", form, client, method);
}

export async function introspect(token: string, client: ClientCredentials = DEMO_CLIENT, hint?: string): Promise<Record<string, unknown>> {
  const result = await postToEndpoint("/oauth/introspect", hint ? { token, token_type_hint: hint } : { token }, client);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body as Record<string, unknown>;
}

export async function revoke(token: string, client: ClientCredentials = DEMO_CLIENT, hint?: string): Promise<void> {
  const result = await postToEndpoint("/oauth/revoke", hint ? { token, token_type_hint: hint } : { token }, client);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
}

/** A GET with `Authorization: Bearer <token>` (or the given header value as it is). */
export async function bearerGet(path: string, authorization: string | null): Promise<EndpointAnswer> {
  const headers: Record<string, string> = {};
  if (authorization !== null) headers.authorization = authorization;
  return answer(await fetch(new URL(path, ISSUER), { headers }));
}

export const profileOf = (accessToken: string) => bearerGet("/api/v1/users/me", `Bearer ${accessToken}`);
export const userinfoOf = (accessToken: string) => bearerGet("/oauth/userinfo", `Bearer ${accessToken}`);

/** A verifier/challenge pair without openid-client, for the hand-built authorization requests. */
export async function pkce(): Promise<{ verifier: string; challenge: string }> {
  const verifier = randomPKCECodeVerifier();
  return { verifier, challenge: await calculatePKCECodeChallenge(verifier) };
}

/**
 * An authorization URL built by hand (the negative tests need parameters no client library would send),
 * starting from a valid request for the demo client. A value of null removes that parameter; an array
 * repeats it.
 */
export function authorizeUrl(parameters: Record<string, string | string[] | null>, challenge: string): URL {
  const defaults: Record<string, string> = {
    response_type: "code",
    client_id: DEMO_APP.id,
    redirect_uri: DEMO_APP.redirectUri,
    scope: "openid profile",
    state: `st-${crypto.randomUUID()}`,
    nonce: `n-${crypto.randomUUID()}`,
    code_challenge: challenge,
    code_challenge_method: "S256",
  };
  const url = new URL("/oauth/authorize", ISSUER);
  const merged: Record<string, string | string[] | null> = { ...defaults, ...parameters };
  for (const [name, value] of Object.entries(merged)) {
    if (value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) url.searchParams.append(name, one);
  }
  return url;
}

/** Signs in through the browser with a hand-built request and returns the code and what is needed to exchange it. */
export async function codeFor(
  account: Account,
  parameters: Record<string, string | string[] | null> = {},
  browser = new OAuthBrowser(),
  options: Pick<AuthorizeOptions, "ownRedirectUri"> = {},
): Promise<{ code: string; verifier: string; browser: OAuthBrowser; outcome: AuthorizationOutcome; redirectUri: string }> {
  const { verifier, challenge } = await pkce();
  const url = authorizeUrl(parameters, challenge);
  const outcome = await browser.authorize(url, { account, ...options });
  expect(outcome.code, `no code came back:\n  ${outcome.trail.join("\n  ")}`).toBeTruthy();
  return { code: outcome.code!, verifier, browser, outcome, redirectUri: url.searchParams.get("redirect_uri")! };
}

export interface TokenSet {
  access_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
  id_token?: string;
  refresh_token?: string;
}

/** Exchanges a code at the token endpoint (demo client, Basic) and expects tokens. */
export async function exchangeCode(
  code: string,
  verifier: string,
  redirectUri: string = DEMO_APP.redirectUri,
  client: ClientCredentials = DEMO_CLIENT,
): Promise<TokenSet> {
  const result = await tokenRequest(
    { grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: verifier },
    client,
    client.secret ? "basic" : "none",
  );
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body as TokenSet;
}

/** Sign in and exchange: a member's tokens for the demo client (with a refresh token by default). */
export async function tokensFor(
  account: Account,
  parameters: Record<string, string | string[] | null> = { scope: "openid profile email offline_access" },
): Promise<TokenSet & { browser: OAuthBrowser }> {
  const { code, verifier, browser, redirectUri } = await codeFor(account, parameters);
  return { ...(await exchangeCode(code, verifier, redirectUri)), browser };
}

/**
 * The portal's own client, as the seed registers it for the test server (lib/oauth/clients/portal-client.ts):
 * first-party, its secret an HMAC of its id under a key derived from APP_SECRET (lib/crypto/tokens.ts).
 */
export const PORTAL_CLIENT: ClientCredentials & { redirectUri: string } = {
  id: "portal",
  secret: createHmac("sha256", Buffer.from(hkdfSync("sha256", TEST_APP_SECRET, "church-identity", "portal-client-secret", 32)))
    .update("portal")
    .digest("base64url"),
  redirectUri: `${POSTGRES_BASE_URL}/api/auth/callback/church`,
};

/** Everything the portal asks for: profile claims, membership, account control and staff rights (docs/decisions/0018). */
export const PORTAL_SCOPE = PORTAL_SCOPES.join(" ");

/**
 * Sign in and exchange through the portal's first-party client: the only tokens that may control an account
 * or carry staff rights (docs/decisions/0017, 0018).
 */
export async function portalTokensFor(account: Account, scope = PORTAL_SCOPE, browser = new OAuthBrowser()): Promise<TokenSet> {
  const { code, verifier } = await codeFor(account, { client_id: PORTAL_CLIENT.id, redirect_uri: PORTAL_CLIENT.redirectUri, scope }, browser, {
    ownRedirectUri: PORTAL_CLIENT.redirectUri,
  });
  return exchangeCode(code, verifier, PORTAL_CLIENT.redirectUri, PORTAL_CLIENT);
}

export { randomState, randomNonce };
