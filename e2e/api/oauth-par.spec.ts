import { expect, test } from "@playwright/test";
import * as oauth from "oauth4webapi";
import { sql } from "../support/database.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { OAuthBrowser } from "../support/oauth-browser.ts";
import { ISSUER, basic } from "../support/oauth-client.ts";
import { tokenHash } from "../support/oauth-tokens.ts";
import { authorizationUrl, discover, insecure } from "../support/second-relying-party.ts";

// Pushed authorization requests (RFC 9126), driven by oauth4webapi: the client pushes its request with its
// credentials and sends the browser with nothing but client_id and a one-time request_uri. A client that
// must use PAR is refused a request in the URL; every refusal has its exact status and body.

const CLIENT = { id: "oauth-test-par", secret: "oauth-test-par-secret-0123456789", redirectUri: "http://127.0.0.1:8080/par-callback" };
const client: oauth.Client = { client_id: CLIENT.id };
const clientAuth = oauth.ClientSecretBasic(CLIENT.secret);
let as: oauth.AuthorizationServer;

test.beforeAll(async () => {
  await sql(
    `INSERT INTO client (id, name, type, secret_hash, redirect_uris, grant_types, scopes, require_pushed_authorization_requests)
     VALUES ($1, 'PAR app', 'confidential', $2, $3, '{authorization_code,refresh_token}', '{openid,profile,email}', true)
     ON CONFLICT (id) DO NOTHING`,
    [CLIENT.id, tokenHash(CLIENT.secret), [CLIENT.redirectUri]],
  );
  as = await discover();
});

async function pushed(parameters: Record<string, string>) {
  const response = await oauth.pushedAuthorizationRequest(as, client, clientAuth, new URLSearchParams(parameters), insecure);
  return oauth.processPushedAuthorizationResponse(as, client, response);
}

async function push(parameters: Record<string, string>, authorization = basic(CLIENT.id, CLIENT.secret)) {
  const response = await fetch(`${ISSUER}/oauth/par`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization },
    body: new URLSearchParams(parameters),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, cacheControl: response.headers.get("cache-control") };
}

function browserUrl(requestUri: string, extra: Record<string, string> = {}): URL {
  return authorizationUrl(as, { client_id: CLIENT.id, request_uri: requestUri, ...extra });
}

test("discovery names the PAR endpoint", () => {
  expect(as).toMatchObject({ pushed_authorization_request_endpoint: `${ISSUER}/oauth/par`, require_pushed_authorization_requests: false });
});

test("push, sign in with only client_id and request_uri, exchange: the pushed parameters are the ones used; the request_uri works once", async () => {
  const member = await createTestMember("par");
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  const result = await pushed({
    redirect_uri: CLIENT.redirectUri,
    response_type: "code",
    scope: "openid email",
    state,
    nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  });
  expect(result.request_uri).toMatch(/^urn:ietf:params:oauth:request_uri:[A-Za-z0-9_-]{43}$/);
  expect(result.expires_in).toBe(90);

  // A scope in the URL is ignored (RFC 9126 4): the token's scope is the pushed one.
  const url = browserUrl(result.request_uri, { scope: "openid profile" });
  const browser = new OAuthBrowser();
  const outcome = await browser.authorize(url, { account: member });
  expect(outcome.code, outcome.trail.join("\n")).toBeTruthy();
  const callback = oauth.validateAuthResponse(as, client, outcome.callback!, state);
  const response = await oauth.authorizationCodeGrantRequest(as, client, clientAuth, callback, CLIENT.redirectUri, verifier, insecure);
  const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, { expectedNonce: nonce, requireIdToken: true });
  expect(tokens.scope).toBe("openid email");

  const again = await browser.fetch(url);
  expect([again.status, again.headers.get("location")]).toEqual([303, "/oauth/error?error=invalid_request_uri"]);
});

test("a client that must use PAR is refused a request in the URL, back at its redirect URI", async () => {
  const state = oauth.generateRandomState();
  const url = authorizationUrl(as, { client_id: CLIENT.id, redirect_uri: CLIENT.redirectUri, response_type: "code", scope: "openid", state, code_challenge: "a".repeat(43), code_challenge_method: "S256" });
  const outcome = await new OAuthBrowser().authorize(url, {});
  expect({ error: outcome.error, description: outcome.errorDescription, state: outcome.state }).toEqual({
    error: "invalid_request",
    description: "this client must push its authorization requests to /oauth/par (RFC 9126)",
    state,
  });
});

test("an unknown request_uri of ours, or another client's, is our error page, never a redirect", async () => {
  const result = await pushed({ redirect_uri: CLIENT.redirectUri, response_type: "code", scope: "openid", code_challenge: "a".repeat(43), code_challenge_method: "S256" });
  for (const url of [browserUrl("urn:ietf:params:oauth:request_uri:nothing-here"), (() => {
    const other = browserUrl(result.request_uri);
    other.searchParams.set("client_id", "demo-app");
    return other;
  })()]) {
    const response = await new OAuthBrowser().fetch(url);
    expect([response.status, response.headers.get("location")]).toEqual([303, "/oauth/error?error=invalid_request_uri"]);
  }
});

test.describe("refusals at the PAR endpoint, in JSON (RFC 9126 2.3)", () => {
  const valid = { redirect_uri: CLIENT.redirectUri, response_type: "code", scope: "openid", code_challenge: "a".repeat(43), code_challenge_method: "S256" };
  for (const [name, parameters, description] of [
    ["no redirect_uri", { ...valid, redirect_uri: "" }, "redirect_uri is required"],
    ["an unregistered redirect_uri", { ...valid, redirect_uri: "http://127.0.0.1:8080/elsewhere" }, "redirect_uri is not registered for this client"],
    ["a request_uri inside", { ...valid, request_uri: "urn:ietf:params:oauth:request_uri:x" }, "request_uri cannot be pushed"],
    ["another client's id", { ...valid, client_id: "demo-app" }, "client_id does not match the Authorization header"],
    ["no PKCE", { ...valid, code_challenge: "" }, "code_challenge is required (PKCE)"],
  ] as const) {
    test(name, async () => {
      const form = Object.fromEntries(Object.entries(parameters).filter(([, value]) => value !== ""));
      expect(await push(form)).toEqual({ status: 400, body: { error: "invalid_request", error_description: description }, cacheControl: "no-store" });
    });
  }

  test("a wrong secret is invalid_client", async () => {
    const answer = await push(valid, basic(CLIENT.id, "wrong-secret"));
    expect([answer.status, answer.body.error]).toEqual([401, "invalid_client"]);
  });
});
