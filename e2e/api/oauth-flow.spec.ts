import { expect, test } from "@playwright/test";
import { createHash } from "node:crypto";
import { createLocalJWKSet, jwtVerify, type JWK } from "jose";
import {
  authorizationCodeGrant,
  buildEndSessionUrl,
  clientCredentialsGrant,
  fetchUserInfo,
  refreshTokenGrant,
  tokenIntrospection,
  tokenRevocation,
  type Configuration,
} from "openid-client";
import { DEMO_TOTP_SECRET } from "../../lib/demo/seed-identity.ts";
import { sql } from "../support/database.ts";
import { SEEDED, accountByEmail, createTestMember, ensureTestClient, type AccountRow } from "../support/oauth-accounts.ts";
import { generate } from "otplib";
import { DEMO_APP, DEMO_PASSWORD, OAuthBrowser, hiddenInputs, inputValue } from "../support/oauth-browser.ts";
import {
  ISSUER,
  authorizeInBrowser,
  authorizeUrl,
  codeFor,
  exchangeCode,
  introspect,
  pkce,
  profileOf,
  relyingParty,
  signInThroughClient,
  startAuthorization,
  userinfoOf,
} from "../support/oauth-client.ts";
import { claims, header } from "../support/oauth-tokens.ts";
import { SUPPORTED_SCOPES } from "../support/identity-contract.ts";

// The authorization server driven by a real relying party (openid-client 6) over HTTP, against the
// production build on PostgreSQL: discovery, the code flow with PKCE through our sign-in and consent pages,
// the ID token, RFC 9068 access tokens, userinfo, refresh rotation, revocation, introspection, logout, and
// the OIDC request parameters (prompt, max_age, login_hint). Accounts that consent or sign out are the
// tests' own (e2e/support/oauth-accounts.ts), so the seeded demo accounts stay as the seed left them.

const now = () => Math.floor(Date.now() / 1000);
const seededMember = { email: SEEDED.member, password: DEMO_PASSWORD };

async function jwks(): Promise<{ keys: JWK[] }> {
  const response = await fetch(`${ISSUER}/.well-known/jwks.json`);
  expect(response.status).toBe(200);
  return (await response.json()) as { keys: JWK[] };
}

/** The live sessions of an account, newest first. */
async function liveSessions(userId: string): Promise<{ id: string; auth_time: Date; amr: string[] }[]> {
  return sql(`SELECT id, auth_time, amr FROM session WHERE user_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC`, [userId]);
}

/** OIDC Core 5.4: what userinfo must answer for these scopes, from the account row itself. */
function expectedClaims(account: AccountRow, scopes: string[]): Record<string, unknown> {
  const expected: Record<string, unknown> = { sub: account.id };
  if (scopes.includes("profile")) {
    Object.assign(expected, {
      name: `${account.given_name} ${account.family_name}`.trim(),
      given_name: account.given_name,
      family_name: account.family_name,
      updated_at: Math.floor(new Date(account.updated_at).getTime() / 1000),
    });
    if (account.locale !== null) expected.locale = account.locale;
  }
  if (scopes.includes("email") && account.email !== null) {
    Object.assign(expected, { email: account.email, email_verified: account.email_verified_at !== null });
  }
  if (scopes.includes("phone") && account.phone !== null) {
    Object.assign(expected, { phone_number: account.phone, phone_number_verified: account.phone_verified_at !== null });
  }
  return expected;
}

test.describe("discovery and keys", () => {
  test("the OpenID Provider metadata names every endpoint, code flow only, S256 only, and what is supported", async () => {
    const response = await fetch(`${ISSUER}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    const metadata = await response.json();
    expect(metadata).toMatchObject({
      issuer: ISSUER,
      authorization_endpoint: `${ISSUER}/oauth/authorize`,
      token_endpoint: `${ISSUER}/oauth/token`,
      userinfo_endpoint: `${ISSUER}/oauth/userinfo`,
      jwks_uri: `${ISSUER}/.well-known/jwks.json`,
      revocation_endpoint: `${ISSUER}/oauth/revoke`,
      introspection_endpoint: `${ISSUER}/oauth/introspect`,
      end_session_endpoint: `${ISSUER}/oauth/logout`,
      pushed_authorization_request_endpoint: `${ISSUER}/oauth/par`,
      device_authorization_endpoint: `${ISSUER}/oauth/device_authorization`,
      response_types_supported: ["code"],
      response_modes_supported: ["query"],
      subject_types_supported: ["public"],
      code_challenge_methods_supported: ["S256"],
      dpop_signing_alg_values_supported: ["ES256", "ES384", "RS256", "PS256", "EdDSA"],
      authorization_response_iss_parameter_supported: true,
      request_parameter_supported: false,
      request_uri_parameter_supported: false,
      claims_parameter_supported: true,
      acr_values_supported: ["single-factor", "multi-factor"],
    });
    expect([...metadata.grant_types_supported].sort()).toEqual(["authorization_code", "client_credentials", "refresh_token", "urn:ietf:params:oauth:grant-type:device_code"]);
    expect([...metadata.scopes_supported].sort()).toEqual([...SUPPORTED_SCOPES].sort());
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(["openid", "profile", "email", "phone", "offline_access"]));
    expect(metadata.id_token_signing_alg_values_supported).toContain("RS256");
    expect([...metadata.token_endpoint_auth_methods_supported].sort()).toEqual(["client_secret_basic", "client_secret_post", "none"]);
    expect([...metadata.prompt_values_supported].sort()).toEqual(["consent", "login", "none"]);
    expect(metadata.claims_supported).toEqual(
      expect.arrayContaining(["sub", "iss", "aud", "exp", "iat", "auth_time", "nonce", "amr", "acr", "sid", "name", "email", "email_verified", "phone_number"]),
    );
    // Each claim once (the OpenID conformance suite warns on a repeated value).
    expect(new Set(metadata.claims_supported).size).toBe(metadata.claims_supported.length);
    expect(metadata.code_challenge_methods_supported).not.toContain("plain");
  });

  test("the JWKS publishes an RS256 and an ES256 public signing key, and no private parts", async () => {
    const { keys } = await jwks();
    const rsa = keys.find((key) => key.alg === "RS256");
    const ec = keys.find((key) => key.alg === "ES256");
    expect(rsa).toMatchObject({ kty: "RSA", use: "sig", kid: expect.any(String), n: expect.any(String), e: "AQAB" });
    expect(ec).toMatchObject({ kty: "EC", crv: "P-256", use: "sig", kid: expect.any(String), x: expect.any(String), y: expect.any(String) });
    for (const key of keys) {
      for (const privatePart of ["d", "p", "q", "dp", "dq", "qi", "k"]) expect(key, `${key.kid} leaks ${privatePart}`).not.toHaveProperty(privatePart);
    }
    expect(new Set(keys.map((key) => key.kid)).size).toBe(keys.length);
  });
});

test.describe("authorization code flow with a real relying party", () => {
  test("discovery, PKCE, sign-in form, consent, code exchange: openid-client validates the ID token", async () => {
    const member = await createTestMember("flow");
    const config = await relyingParty();
    const started = await startAuthorization(config, { scope: "openid profile email offline_access" });
    const { outcome } = await authorizeInBrowser(started, member);

    // A third-party client: the member signed in, then was asked to allow it.
    expect(outcome.pages).toEqual(["sign-in", "consent"]);
    expect(outcome.callback!.origin + outcome.callback!.pathname).toBe(DEMO_APP.redirectUri);
    expect(outcome.state).toBe(started.state);
    expect(outcome.iss).toBe(ISSUER);

    const tokens = await authorizationCodeGrant(config, outcome.callback!, {
      pkceCodeVerifier: started.verifier,
      expectedState: started.state,
      expectedNonce: started.nonce,
      idTokenExpected: true,
    });
    expect(tokens.token_type).toBe("bearer");
    expect(tokens.expires_in).toBe(600);
    expect(tokens.scope).toBe("openid profile email offline_access");
    expect(tokens.refresh_token).toEqual(expect.any(String));

    // The ID token: openid-client checked signature, iss, aud, exp and nonce; the rest is checked here.
    const [session] = await liveSessions(member.id);
    const idToken = tokens.claims()!;
    expect(header(tokens.id_token!)).toMatchObject({ alg: "RS256", typ: "JWT", kid: expect.any(String) });
    expect(idToken).toEqual({
      iss: ISSUER,
      sub: member.id,
      aud: DEMO_APP.id,
      iat: expect.any(Number),
      exp: expect.any(Number),
      nonce: started.nonce,
      auth_time: Math.floor(session!.auth_time.getTime() / 1000),
      amr: ["pwd"],
      acr: "single-factor",
      sid: session!.id,
      at_hash: createHash("sha256").update(tokens.access_token).digest().subarray(0, 16).toString("base64url"),
    });
    expect(Math.abs(idToken.iat - now())).toBeLessThan(30);
    expect(idToken.exp - idToken.iat).toBe(600);
    expect(idToken.auth_time!).toBeLessThanOrEqual(idToken.iat);
    expect((await jwks()).keys.map((key) => key.kid)).toContain(header(tokens.id_token!).kid);

    // The consent the member gave is on record for the self-service routes.
    const consents = await sql<{ scopes: string[]; status: string }>(`SELECT scopes, status FROM consent WHERE user_id = $1 AND client_id = $2`, [member.id, DEMO_APP.id]);
    expect(consents).toEqual([{ scopes: expect.arrayContaining(["openid", "profile", "email", "offline_access"]), status: "granted" }]);
  });

  test("the access token is an RFC 9068 JWT: typ at+jwt, iss, sub, aud, 600 s, jti, client_id, scope, sid", async () => {
    const member = await createTestMember("at");
    const config = await relyingParty();
    const { tokens } = await signInThroughClient(config, member, { scope: "openid email" });
    const token = tokens.access_token;
    const { keys } = await jwks();
    const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet({ keys }), { issuer: ISSUER, audience: ISSUER, typ: "at+jwt" });
    expect(protectedHeader).toEqual({ alg: expect.stringMatching(/^(ES256|RS256)$/), typ: "at+jwt", kid: expect.any(String) });
    const [session] = await liveSessions(member.id);
    expect(payload).toEqual({
      iss: ISSUER,
      sub: member.id,
      aud: ISSUER,
      iat: expect.any(Number),
      exp: expect.any(Number),
      jti: expect.any(String),
      client_id: DEMO_APP.id,
      scope: "openid email",
      sid: session!.id,
      auth_time: Math.floor(session!.auth_time.getTime() / 1000),
      amr: ["pwd"],
      gid: expect.any(String),
    });
    expect(payload.exp! - payload.iat!).toBe(600);
    expect(Math.abs(payload.iat! - now())).toBeLessThan(30);
    expect(payload.jti!.length).toBeGreaterThanOrEqual(16);
    // Without offline_access the refresh token lives as long as the sign-in session (docs/decisions/0018).
    expect(tokens.refresh_token).toEqual(expect.any(String));
    // And it works where it is meant to: our own API.
    expect((await profileOf(token)).status).toBe(200);
  });

  const userinfoCases: [string, string[]][] = [
    ["openid only: sub and nothing else", ["openid"]],
    ["profile: name, given_name, family_name, locale, updated_at", ["openid", "profile"]],
    ["email: email and email_verified", ["openid", "email"]],
    ["phone: phone_number and phone_number_verified", ["openid", "phone"]],
    ["every scope", ["openid", "profile", "email", "phone"]],
  ];
  for (const [label, scopes] of userinfoCases) {
    test(`userinfo releases claims by scope: ${label}`, async () => {
      const config = await relyingParty();
      const { tokens } = await signInThroughClient(config, seededMember, { scope: scopes.join(" ") });
      const account = await accountByEmail(SEEDED.member);
      const userinfo = await fetchUserInfo(config, tokens.access_token, account.id);
      expect(userinfo).toEqual(expectedClaims(account, scopes));
      // No claim leaks into the ID token when an access token lets the client call userinfo.
      expect(Object.keys(tokens.claims()!)).not.toContain("email");
    });
  }

  test("refresh rotates the refresh token: a new one each time, the used one refused", async () => {
    const member = await createTestMember("rotate");
    const config = await relyingParty();
    const { tokens } = await signInThroughClient(config, member, { scope: "openid profile offline_access" });
    const first = tokens.refresh_token!;

    const second = await refreshTokenGrant(config, first);
    expect(second.refresh_token).toEqual(expect.any(String));
    expect(second.refresh_token).not.toBe(first);
    expect(second.access_token).not.toBe(tokens.access_token);
    expect(second.scope).toBe("openid profile offline_access");
    expect(second.claims()).toMatchObject({ sub: member.id, aud: DEMO_APP.id, sid: tokens.claims()!.sid, auth_time: tokens.claims()!.auth_time });
    expect((await profileOf(second.access_token)).status).toBe(200);

    const third = await refreshTokenGrant(config, second.refresh_token!);
    expect(new Set([first, second.refresh_token, third.refresh_token]).size).toBe(3);

    await expect(refreshTokenGrant(config, first)).rejects.toMatchObject({
      error: "invalid_grant",
      error_description: "the refresh token was already used; the whole grant and its session are revoked",
    });
  });

  test("a refresh may narrow the scope of the new access token, never widen it", async () => {
    const member = await createTestMember("narrow");
    const config = await relyingParty();
    const { tokens } = await signInThroughClient(config, member, { scope: "openid profile email offline_access" });
    const narrowed = await refreshTokenGrant(config, tokens.refresh_token!, { scope: "openid email" });
    expect(narrowed.scope).toBe("openid email");
    expect(claims(narrowed.access_token).scope).toBe("openid email");
    await expect(refreshTokenGrant(config, narrowed.refresh_token!, { scope: "openid phone" })).rejects.toMatchObject({
      error: "invalid_scope",
      error_description: "scope may only narrow the scopes originally granted",
    });
  });

  test("revoking the refresh token (RFC 7009) ends its grant: no refresh, its access token refused", async () => {
    const member = await createTestMember("revoke-rt");
    const config = await relyingParty();
    const { tokens } = await signInThroughClient(config, member, { scope: "openid offline_access" });
    expect((await tokenIntrospection(config, tokens.refresh_token!, { token_type_hint: "refresh_token" })).active).toBe(true);

    await tokenRevocation(config, tokens.refresh_token!, { token_type_hint: "refresh_token" });
    await expect(refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: "invalid_grant" });
    expect(await tokenIntrospection(config, tokens.refresh_token!)).toEqual({ active: false });
    expect(await tokenIntrospection(config, tokens.access_token)).toEqual({ active: false });
    expect((await profileOf(tokens.access_token)).status).toBe(401);
    // Revoking again, or revoking nonsense, is still 200 (RFC 7009 2.2).
    await tokenRevocation(config, tokens.refresh_token!);
    await tokenRevocation(config, "not-a-token");
  });

  test("revoking an access token (RFC 7009) stops that token only; the refresh token still works", async () => {
    const member = await createTestMember("revoke-at");
    const config = await relyingParty();
    const { tokens } = await signInThroughClient(config, member, { scope: "openid offline_access" });
    await tokenRevocation(config, tokens.access_token, { token_type_hint: "access_token" });
    expect(await tokenIntrospection(config, tokens.access_token)).toEqual({ active: false });
    expect((await profileOf(tokens.access_token)).body).toEqual({ error: "invalid_token", error_description: "the access token has been revoked" });
    const refreshed = await refreshTokenGrant(config, tokens.refresh_token!);
    expect((await profileOf(refreshed.access_token)).status).toBe(200);
  });

  test("introspection (RFC 7662): a live access token and refresh token are active with their claims", async () => {
    const member = await createTestMember("introspect");
    const config = await relyingParty();
    const { tokens } = await signInThroughClient(config, member, { scope: "openid email offline_access" });
    const access = claims(tokens.access_token);
    expect(await tokenIntrospection(config, tokens.access_token)).toEqual({
      active: true,
      token_type: "Bearer",
      scope: "openid email offline_access",
      client_id: DEMO_APP.id,
      sub: member.id,
      iss: ISSUER,
      aud: ISSUER,
      exp: access.exp,
      iat: access.iat,
      jti: access.jti,
      sid: access.sid,
      auth_time: access.auth_time,
    });
    expect(await tokenIntrospection(config, tokens.refresh_token!, { token_type_hint: "refresh_token" })).toEqual({
      active: true,
      token_type: "refresh_token",
      scope: "openid email offline_access",
      client_id: DEMO_APP.id,
      sub: member.id,
      iss: ISSUER,
      exp: expect.any(Number),
      iat: expect.any(Number),
    });
    for (const garbage of ["garbage", "a.b.c", tokens.access_token.slice(0, -4)]) expect(await tokenIntrospection(config, garbage)).toEqual({ active: false });
  });

  test("RP-initiated logout: id_token_hint and a registered post_logout_redirect_uri sign out and redirect with state", async () => {
    const member = await createTestMember("logout");
    const config = await relyingParty();
    const { browser, tokens } = await signInThroughClient(config, member, { scope: "openid offline_access" });
    const sessionCookieBefore = browser.clone();
    const state = `logout-${crypto.randomUUID()}`;
    const endSession = buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: DEMO_APP.postLogoutRedirectUri,
      state,
    });
    expect(endSession.origin + endSession.pathname).toBe(`${ISSUER}/oauth/logout`);

    const response = await browser.fetch(endSession);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${DEMO_APP.postLogoutRedirectUri}?state=${state}`);
    expect(browser.jar.get("session")).toBeUndefined();

    // The session is gone on the server, not just the cookie: the old cookie no longer signs anyone in.
    expect(await liveSessions(member.id)).toEqual([]);
    for (const agent of [browser, sessionCookieBefore]) {
      const { challenge } = await pkce();
      const silent = await agent.authorize(authorizeUrl({ prompt: "none", state: "after-logout" }, challenge));
      expect(silent.error).toBe("login_required");
      expect(silent.state).toBe("after-logout");
    }
    // Everything issued within the session ended with it.
    expect((await profileOf(tokens.access_token)).status).toBe(401);
    expect(await tokenIntrospection(config, tokens.access_token)).toEqual({ active: false });
    await expect(refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: "invalid_grant" });
  });

  test("logout without an id_token_hint asks the member to confirm and signs nobody out", async () => {
    const member = await createTestMember("logout-confirm");
    const config = await relyingParty();
    const { browser } = await signInThroughClient(config, member, { scope: "openid" });
    const response = await browser.fetch(buildEndSessionUrl(config, { client_id: DEMO_APP.id, post_logout_redirect_uri: DEMO_APP.postLogoutRedirectUri }));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/sign-out?${new URLSearchParams({ client_id: DEMO_APP.id, post_logout_redirect_uri: DEMO_APP.postLogoutRedirectUri })}`);
    expect(await liveSessions(member.id)).toHaveLength(1);
  });

  test("client_secret_post authenticates like client_secret_basic", async () => {
    const member = await createTestMember("post");
    const config = await relyingParty(undefined, "client_secret_post");
    const { tokens } = await signInThroughClient(config, member, { scope: "openid" });
    expect(tokens.claims()!.sub).toBe(member.id);
  });

  test("a public client (token_endpoint_auth_method none) completes the flow with PKCE alone", async () => {
    const client = await ensureTestClient("public");
    const member = await createTestMember("public");
    const config = await relyingParty(client, "none");
    const { tokens } = await signInThroughClient(config, member, { scope: "openid offline_access" });
    expect(tokens.claims()).toMatchObject({ sub: member.id, aud: client.id });
    const refreshed = await refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
  });

  test("without openid it is plain OAuth 2.0: no ID token, and userinfo refuses the token (insufficient_scope)", async () => {
    const member = await createTestMember("no-openid");
    const { code, verifier } = await codeFor(member, { scope: "profile", nonce: null });
    const tokens = await exchangeCode(code, verifier);
    expect(tokens.id_token).toBeUndefined();
    expect(tokens.scope).toBe("profile");
    const userinfo = await userinfoOf(tokens.access_token);
    expect(userinfo.status).toBe(403);
    expect(userinfo.body).toEqual({ error: "insufficient_scope", error_description: "the token lacks the openid scope" });
    expect(userinfo.headers.get("www-authenticate")).toBe('Bearer error="insufficient_scope", error_description="the token lacks the openid scope"');
  });

  test("the forms work without JavaScript: sign-in and consent answer 303s the browser follows", async () => {
    const member = await createTestMember("no-js");
    const { challenge, verifier } = await pkce();
    const browser = new OAuthBrowser();
    const outcome = await browser.authorize(authorizeUrl({ scope: "openid" }, challenge), { account: member, formMode: true });
    expect(outcome.pages).toEqual(["sign-in", "consent"]);
    expect(outcome.code).toBeTruthy();
    expect(outcome.trail.filter((line) => line.startsWith("POST"))).toEqual([
      expect.stringMatching(/^POST \/auth\/sign-in → 303 \/oauth\/authorize\/resume\?request=/),
      expect.stringMatching(/^POST \/auth\/consent → 303 \/oauth\/authorize\/resume\?request=/),
    ]);
    await exchangeCode(outcome.code!, verifier);
  });
});

test.describe("OIDC request parameters: consent, prompt, max_age, login_hint", () => {
  test("a member who allowed the client is not asked again; prompt=consent asks again", async () => {
    const member = await createTestMember("consent-once");
    const config = await relyingParty();
    const first = await signInThroughClient(config, member, { scope: "openid profile" });
    expect(first.outcome.pages).toEqual(["sign-in", "consent"]);

    // A new browser: sign in again, no consent page.
    const second = await signInThroughClient(config, member, { scope: "openid profile" });
    expect(second.outcome.pages).toEqual(["sign-in"]);

    // The same browser, still signed in: straight back to the client.
    const third = await signInThroughClient(config, member, { scope: "openid" }, { browser: second.browser });
    expect(third.outcome.pages).toEqual([]);

    // A scope not yet allowed brings the consent page back.
    const wider = await signInThroughClient(config, member, { scope: "openid profile email" }, { browser: second.browser });
    expect(wider.outcome.pages).toEqual(["consent"]);

    const forced = await signInThroughClient(config, member, { scope: "openid", prompt: "consent" }, { browser: second.browser });
    expect(forced.outcome.pages).toEqual(["consent"]);
    expect(forced.tokens.claims()!.sid).toBe(second.tokens.claims()!.sid);
  });

  test("prompt=login makes a signed-in member sign in again, once; the browser's session goes on with a new sign-in time and a new cookie", async () => {
    const member = await createTestMember("prompt-login");
    const config = await relyingParty();
    const first = await signInThroughClient(config, member, { scope: "openid" });
    const oldCookie = first.browser.jar.get("session");
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // auth_time has one-second steps
    const again = await signInThroughClient(config, member, { scope: "openid", prompt: "login" }, { browser: first.browser });
    expect(again.outcome.pages).toEqual(["sign-in"]);
    const before = first.tokens.claims()!;
    const after = again.tokens.claims()!;
    // One browser, one session (its sid and its place in the sessions list stay), proven again just now.
    expect(after.sid).toBe(before.sid);
    expect(after.auth_time!).toBeGreaterThan(before.auth_time!);
    expect(await liveSessions(member.id)).toHaveLength(1);
    // The cookie was replaced: the old value signs nobody in any more (no session fixation).
    expect(first.browser.jar.get("session")).not.toBe(oldCookie);
    const stale = new OAuthBrowser();
    stale.jar.set("session", oldCookie!);
    expect((await stale.authorize(authorizeUrl({ scope: "openid" }, (await pkce()).challenge), { stopAt: ["sign-in"] })).pages).toEqual(["sign-in"]);
  });

  test("max_age=0 sends a signed-in member to sign in, and the fresh sign-in satisfies it (no loop)", async () => {
    const member = await createTestMember("max-age");
    const config = await relyingParty();
    const first = await signInThroughClient(config, member, { scope: "openid" });
    const started = await startAuthorization(config, { scope: "openid", max_age: "0" });
    const { outcome } = await authorizeInBrowser(started, member, { browser: first.browser });
    expect(outcome.pages).toEqual(["sign-in"]);
    const tokens = await authorizationCodeGrant(config, outcome.callback!, {
      pkceCodeVerifier: started.verifier,
      expectedState: started.state,
      expectedNonce: started.nonce,
      maxAge: 0,
    });
    expect(tokens.claims()!.auth_time).toEqual(expect.any(Number));
    expect(Math.abs(tokens.claims()!.auth_time! - now())).toBeLessThan(30);
    // A generous max_age with the same session goes straight through.
    const relaxed = await signInThroughClient(config, member, { scope: "openid", max_age: "3600" }, { browser: first.browser });
    expect(relaxed.outcome.pages).toEqual([]);
  });

  test("login_hint fills in the sign-in form's email", async () => {
    const member = await createTestMember("hint");
    const { challenge } = await pkce();
    const browser = new OAuthBrowser();
    const outcome = await browser.authorize(authorizeUrl({ login_hint: member.email }, challenge), { stopAt: ["sign-in"] });
    expect(outcome.stoppedAt?.pathname).toBe("/sign-in");
    const { status, html } = await browser.page(outcome.stoppedAt!);
    expect(status).toBe(200);
    expect(inputValue(html, "email")).toBe(member.email);
  });

  test("a login_hint naming another account sends a signed-in member to sign in", async () => {
    const member = await createTestMember("hint-other");
    const other = await createTestMember("hint-target");
    const config = await relyingParty();
    const first = await signInThroughClient(config, member, { scope: "openid" });
    const switched = await signInThroughClient(config, other, { scope: "openid", login_hint: other.email }, { browser: first.browser });
    expect(switched.outcome.pages).toEqual(["sign-in", "consent"]);
    expect(switched.tokens.claims()!.sub).toBe(other.id);
    // Its own address as the hint changes nothing.
    const same = await signInThroughClient(config, other, { scope: "openid", login_hint: other.email.toUpperCase() }, { browser: first.browser });
    expect(same.outcome.pages).toEqual([]);
  });

  test("prompt=none without a session answers login_required at the redirect URI, with state and iss", async () => {
    const { challenge } = await pkce();
    const outcome = await new OAuthBrowser().authorize(authorizeUrl({ prompt: "none", state: "silent-1" }, challenge));
    expect(outcome.pages).toEqual([]);
    expect(Object.fromEntries(outcome.callback!.searchParams)).toEqual({
      error: "login_required",
      error_description: "the member must sign in",
      state: "silent-1",
      iss: ISSUER,
    });
  });

  test("prompt=none with a session but no consent answers consent_required; with both, a code", async () => {
    const member = await createTestMember("silent");
    const config = await relyingParty();
    const first = await signInThroughClient(config, member, { scope: "openid" });
    const { challenge } = await pkce();
    const wider = await first.browser.authorize(authorizeUrl({ prompt: "none", scope: "openid email", state: "s2" }, challenge));
    expect(Object.fromEntries(wider.callback!.searchParams)).toEqual({
      error: "consent_required",
      error_description: "the member must allow this app",
      state: "s2",
      iss: ISSUER,
    });
    const silent = await signInThroughClient(config, member, { scope: "openid", prompt: "none" }, { browser: first.browser });
    expect(silent.outcome.pages).toEqual([]);
    expect(silent.tokens.claims()!.sid).toBe(first.tokens.claims()!.sid);
  });

  test("Deny on the consent page answers access_denied at the redirect URI, with state and iss, and records nothing", async () => {
    const member = await createTestMember("deny");
    const { challenge } = await pkce();
    const outcome = await new OAuthBrowser().authorize(authorizeUrl({ state: "deny-1" }, challenge), { account: member, consent: "deny" });
    expect(outcome.pages).toEqual(["sign-in", "consent"]);
    expect(Object.fromEntries(outcome.callback!.searchParams)).toEqual({
      error: "access_denied",
      error_description: "the member did not allow access",
      state: "deny-1",
      iss: ISSUER,
    });
    expect(await sql(`SELECT 1 FROM consent WHERE user_id = $1`, [member.id])).toEqual([]);
  });

  test("a member with TOTP signs in with password and code: amr pwd, otp, mfa", async () => {
    const member = await createTestMember("totp", { totpSecret: DEMO_TOTP_SECRET });
    const config = await relyingParty();
    const { outcome, tokens } = await signInThroughClient(config, member, { scope: "openid profile" });
    expect(outcome.pages).toEqual(["sign-in", "second-factor", "consent"]);
    expect([...(tokens.claims()!.amr as string[])].sort()).toEqual(["mfa", "otp", "pwd"]);
    expect(tokens.claims()!.acr).toBe("multi-factor");
    const [session] = await liveSessions(member.id);
    expect([...session!.amr].sort()).toEqual(["mfa", "otp", "pwd"]);
  });

  test("with TOTP, a wrong code is refused and no session starts", async () => {
    const member = await createTestMember("totp-wrong", { totpSecret: DEMO_TOTP_SECRET });
    const { challenge } = await pkce();
    const browser = new OAuthBrowser();
    const outcome = await browser.authorize(authorizeUrl({}, challenge), { account: member, stopAt: ["second-factor"] });
    expect(outcome.pages).toEqual(["sign-in", "second-factor"]);
    const { html } = await browser.page(outcome.stoppedAt!);
    // A code of none of the steps the server accepts now (±1 step of 30 s).
    const step = Math.floor(Date.now() / 30_000);
    const valid = await Promise.all([-1, 0, 1, 2].map((delta) => generate({ secret: DEMO_TOTP_SECRET, epoch: (step + delta) * 30 })));
    const wrong = ["123456", "654321", "111111", "222222", "333333"].find((code) => !valid.includes(code))!;
    const response = await browser.fetch("/auth/second-factor", { form: { ...hiddenInputs(html), code: wrong }, headers: { accept: "application/json" } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "invalid_second_factor", error_description: expect.any(String) });
    expect(browser.jar.get("session")).toBeUndefined();
    expect(await liveSessions(member.id)).toEqual([]);
  });
});

test.describe("client credentials", () => {
  test("client_credentials: an access token only, sub is the client id, no refresh token, no ID token", async () => {
    const config: Configuration = await relyingParty();
    const tokens = await clientCredentialsGrant(config, { scope: "profile email" });
    expect(tokens.token_type).toBe("bearer");
    expect(tokens.expires_in).toBe(600);
    expect(tokens.scope).toBe("profile email");
    expect(tokens.refresh_token).toBeUndefined();
    expect(tokens.id_token).toBeUndefined();
    expect(header(tokens.access_token)).toMatchObject({ typ: "at+jwt" });
    const payload = claims(tokens.access_token);
    expect(payload).toEqual({
      iss: ISSUER,
      sub: DEMO_APP.id,
      aud: ISSUER,
      iat: expect.any(Number),
      exp: expect.any(Number),
      jti: expect.any(String),
      client_id: DEMO_APP.id,
      scope: "profile email",
    });
    expect(payload.exp! - payload.iat!).toBe(600);
    expect(await introspect(tokens.access_token)).toMatchObject({ active: true, sub: DEMO_APP.id, client_id: DEMO_APP.id });
    // No scope asked, none granted: the answer leaves scope out (RFC 6749 5.1) and the token carries an empty one.
    const bare = await clientCredentialsGrant(config);
    expect(bare.scope).toBeUndefined();
    expect(claims(bare.access_token).scope).toBe("");
  });
});
