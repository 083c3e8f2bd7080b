import { expect, test } from "@playwright/test";
import { createHash, randomBytes } from "node:crypto";
import { exportSPKI, importJWK, type CryptoKey } from "jose";
import { AUTHORIZE_PAGE_ERRORS, type AuthorizePageErrorCode } from "../support/identity-contract.ts";
import { sql } from "../support/database.ts";
import { createTestMember, ensureTestClient, uniqueEmail, type TestMember } from "../support/oauth-accounts.ts";
import { DEMO_APP, DEMO_PASSWORD, OAuthBrowser, hiddenInputs } from "../support/oauth-browser.ts";
import {
  DEMO_CLIENT,
  ISSUER,
  authorizeUrl,
  bearerGet,
  codeFor,
  exchangeCode,
  introspect,
  pkce,
  postToEndpoint,
  profileOf,
  revoke,
  tokenRequest,
  tokensFor,
  userinfoOf,
  type TokenSet,
} from "../support/oauth-client.ts";
import {
  claims,
  expiredCopy,
  header,
  foreignSignedCopy,
  hmacCopy,
  resignedAccessToken,
  serverSigningKey,
  tamperedPayload,
  tamperedSignature,
  tokenHash,
  unsecuredCopy,
} from "../support/oauth-tokens.ts";

// Negative tests of the authorization server, one per point of RFC 9700 (OAuth 2.0 Security Best Current
// Practice) that applies to it, each named after its section so the closing note can cite it; plus the
// RFC 6749/7636/9068 checks those points rest on. Every refusal is compared exactly: status, error code,
// description, and where the browser was (or was not) sent.

const invalidGrant = (description: string) => ({ error: "invalid_grant", error_description: description });
const invalidRequest = (description: string) => ({ error: "invalid_request", error_description: description });

/** GET /oauth/authorize by a browser without a session: the raw answer. */
async function authorizeAnswer(url: URL): Promise<{ status: number; location: string | null }> {
  const response = await fetch(url, { redirect: "manual" });
  await response.body?.cancel();
  return { status: response.status, location: response.headers.get("location") };
}

/** The authorize request must end on our error page with this code, and nowhere else. */
async function expectErrorPage(url: URL, code: AuthorizePageErrorCode): Promise<void> {
  const { status, location } = await authorizeAnswer(url);
  expect(status).toBe(303);
  expect(location).toBe(`/oauth/error?error=${code}`);
  const page = await fetch(new URL(location!, ISSUER));
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain(AUTHORIZE_PAGE_ERRORS[code]);
  expect(html).not.toContain("attacker");
}

/** The authorize request must come back to the client's redirect URI with exactly this error, state and iss. */
async function expectClientError(url: URL, error: string, description: string): Promise<void> {
  const { status, location } = await authorizeAnswer(url);
  expect(status).toBe(303);
  const callback = new URL(location!);
  expect(callback.origin + callback.pathname).toBe(url.searchParams.get("redirect_uri"));
  expect(Object.fromEntries(callback.searchParams)).toEqual({
    error,
    error_description: description,
    state: url.searchParams.get("state")!,
    iss: ISSUER,
  });
}

test.describe("RFC 9700 4.1 and 4.11.2: redirect URI validation, exact string match; the server is no open redirector", () => {
  const attacker = "http://attacker.example/callback";
  const cases: [string, Record<string, string | string[] | null>, AuthorizePageErrorCode][] = [
    ["an attacker's redirect URI", { redirect_uri: attacker }, "invalid_redirect_uri"],
    ["a registered URI with an extra path segment", { redirect_uri: `${DEMO_APP.redirectUri}/attacker` }, "invalid_redirect_uri"],
    ["a registered URI with a trailing slash", { redirect_uri: `${DEMO_APP.redirectUri}/` }, "invalid_redirect_uri"],
    ["a registered URI with an extra query", { redirect_uri: `${DEMO_APP.redirectUri}?next=http://attacker.example` }, "invalid_redirect_uri"],
    ["a registered URI with a fragment", { redirect_uri: `${DEMO_APP.redirectUri}#attacker` }, "invalid_redirect_uri"],
    ["a registered URI on another port", { redirect_uri: "http://127.0.0.1:8081/callback" }, "invalid_redirect_uri"],
    ["a registered URI over https instead of http", { redirect_uri: "https://127.0.0.1:8080/callback" }, "invalid_redirect_uri"],
    ["a registered URI with the host in capitals", { redirect_uri: "http://LOCALHOST:8080/callback" }, "invalid_redirect_uri"],
    ["a registered URI with a path in another case", { redirect_uri: "http://127.0.0.1:8080/Callback" }, "invalid_redirect_uri"],
    ["a registered URI percent-encoded", { redirect_uri: "http://127.0.0.1:8080/%63allback" }, "invalid_redirect_uri"],
    ["a registered URI as userinfo of the attacker's host", { redirect_uri: "http://127.0.0.1:8080@attacker.example/callback" }, "invalid_redirect_uri"],
    ["a registered host as a subdomain of the attacker's", { redirect_uri: "http://127.0.0.1.attacker.example:8080/callback" }, "invalid_redirect_uri"],
    ["a path traversal off the registered path", { redirect_uri: "http://127.0.0.1:8080/callback/../attacker" }, "invalid_redirect_uri"],
    ["the post-logout URI, registered for logout only", { redirect_uri: DEMO_APP.postLogoutRedirectUri }, "invalid_redirect_uri"],
    ["another client's registered redirect URI", { redirect_uri: `${ISSUER}/api/auth/callback/church` }, "invalid_redirect_uri"],
    ["the registered URI followed by the attacker's (repeated)", { redirect_uri: [DEMO_APP.redirectUri, attacker] }, "repeated_parameter"],
    ["client_id repeated", { client_id: [DEMO_APP.id, "portal"] }, "repeated_parameter"],
    ["no redirect_uri", { redirect_uri: null }, "missing_redirect_uri"],
    ["an unknown client", { client_id: "attacker-app", redirect_uri: attacker }, "unknown_client"],
    ["no client_id", { client_id: null }, "missing_client_id"],
    ["a bad redirect URI and an error that would otherwise go to it", { redirect_uri: attacker, response_type: "token", code_challenge: null }, "invalid_redirect_uri"],
    ["a bad redirect URI with prompt=none", { redirect_uri: attacker, prompt: "none" }, "invalid_redirect_uri"],
  ];
  for (const [label, parameters, code] of cases) {
    test(`[4.1] ${label} → our error page (${code}), never a redirect to it`, async () => {
      const { challenge } = await pkce();
      await expectErrorPage(authorizeUrl(parameters, challenge), code);
    });
  }

  test("[4.1] a signed-in member is not redirected to an unregistered URI either", async () => {
    const member = await createTestMember("redirect-signed-in");
    const { browser } = await codeFor(member);
    const { challenge } = await pkce();
    const response = await browser.fetch(authorizeUrl({ redirect_uri: "http://attacker.example/callback" }, challenge));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/oauth/error?error=invalid_redirect_uri");
  });

  test("[4.1] each registered redirect URI works exactly as registered", async () => {
    const member = await createTestMember("redirect-ok");
    for (const redirectUri of [DEMO_APP.redirectUri, DEMO_APP.otherRedirectUri]) {
      const { outcome } = await codeFor(member, { redirect_uri: redirectUri });
      expect(outcome.callback!.origin + outcome.callback!.pathname).toBe(redirectUri);
    }
  });

  test("[4.11.2] logout refuses an unregistered post_logout_redirect_uri with our error page; a forged hint signs nobody out", async () => {
    const member = await createTestMember("logout-redirect");
    const { browser } = await codeFor(member);
    for (const target of ["http://attacker.example/", `${DEMO_APP.postLogoutRedirectUri}attacker`, DEMO_APP.redirectUri]) {
      const url = new URL("/oauth/logout", ISSUER);
      url.searchParams.set("client_id", DEMO_APP.id);
      url.searchParams.set("post_logout_redirect_uri", target);
      const response = await browser.fetch(url);
      expect(response.status, target).toBe(303);
      expect(response.headers.get("location")).toBe("/oauth/error?error=invalid_post_logout_redirect_uri");
    }
    // A forged id_token_hint counts for nothing: the member is asked to confirm, nobody is signed out.
    const forged = new URL("/oauth/logout", ISSUER);
    forged.searchParams.set("id_token_hint", "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.");
    const response = await browser.fetch(forged);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/sign-out");
    // So does a genuine ID token of another member.
    const someoneElse = await tokensFor(await createTestMember("logout-other"), { scope: "openid" });
    const foreignHint = new URL("/oauth/logout", ISSUER);
    foreignHint.searchParams.set("id_token_hint", someoneElse.id_token!);
    const second = await browser.fetch(foreignHint);
    expect(second.headers.get("location")).toBe("/sign-out");
    expect(await sql(`SELECT 1 FROM session WHERE user_id = $1 AND revoked_at IS NULL`, [member.id])).toHaveLength(1);
  });

  test.describe("[4.11.2] logout without the app's ID token never sends the browser to the app before the member chooses it on our page (issue 14)", () => {
    const state = "st-logout-0123";
    const back = `${DEMO_APP.postLogoutRedirectUri}?state=${state}`;
    const logoutUrl = (extra: Record<string, string> = {}) => {
      const url = new URL("/oauth/logout", ISSUER);
      for (const [name, value] of Object.entries({ client_id: DEMO_APP.id, post_logout_redirect_uri: DEMO_APP.postLogoutRedirectUri, state, ...extra })) url.searchParams.set(name, value);
      return url;
    };
    const confirmPath = `/sign-out?${new URLSearchParams({ client_id: DEMO_APP.id, post_logout_redirect_uri: DEMO_APP.postLogoutRedirectUri, state })}`;
    const links = (html: string) => [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)].map((match) => match[1]!.replaceAll("&amp;", "&"));

    test("a browser without a session: our page names the app and its address, and only a click there goes back", async () => {
      for (const request of [
        (browser: OAuthBrowser) => browser.fetch(logoutUrl()),
        (browser: OAuthBrowser) => browser.fetch("/oauth/logout", { form: Object.fromEntries(logoutUrl().searchParams) }),
        // A hint that is not a valid ID token of ours proves nothing.
        (browser: OAuthBrowser) => browser.fetch(logoutUrl({ id_token_hint: "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0." })),
      ]) {
        const browser = new OAuthBrowser();
        const response = await request(browser);
        expect(response.status).toBe(303);
        expect(response.headers.get("location")).toBe(confirmPath);
      }
      const { status, html } = await new OAuthBrowser().page(confirmPath);
      expect(status).toBe(200);
      expect(html).toContain("You’re signed out");
      expect(html).toContain("Demo app asked to take you back to it at <strong class=\"auth-destination\">http://127.0.0.1:8080</strong>.");
      expect(links(html)).toContain(back);
      // The page checks its query against the app's registration itself: a made-up address is never a link.
      for (const uri of ["https://attacker.example/", `${DEMO_APP.postLogoutRedirectUri}x`]) {
        const forged = await new OAuthBrowser().page(`/sign-out?${new URLSearchParams({ client_id: DEMO_APP.id, post_logout_redirect_uri: uri, state })}`);
        expect(forged.status).toBe(200);
        expect(links(forged.html).some((href) => href.startsWith("http"))).toBe(false);
        expect(forged.html).not.toContain("Demo app");
      }
    });

    test("a browser without a session and the app's own ID token as hint goes back at once", async () => {
      const { id_token: idToken } = await tokensFor(await createTestMember("logout-hint-no-session"), { scope: "openid" });
      const response = await new OAuthBrowser().fetch(logoutUrl({ id_token_hint: idToken! }));
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(back);
    });

    test("a signed-in member is asked on our page, which names the app; signing out there goes back to it with state", async () => {
      const member = await createTestMember("logout-no-hint");
      const { browser } = await codeFor(member);
      const response = await browser.fetch(logoutUrl());
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(confirmPath);
      expect(await sql(`SELECT 1 FROM session WHERE user_id = $1 AND revoked_at IS NULL`, [member.id])).toHaveLength(1);

      const { html } = await browser.page(confirmPath);
      expect(html).toContain("Demo app asked you to sign out. Afterwards you’ll go back to it at <strong class=\"auth-destination\">http://127.0.0.1:8080</strong>.");
      const fields = hiddenInputs(html);
      expect(fields).toMatchObject({ client_id: DEMO_APP.id, post_logout_redirect_uri: DEMO_APP.postLogoutRedirectUri, state });
      // A form whose return address was changed on the way ends on our signed-out page, not there.
      const tampered = browser.clone();
      const detour = await tampered.fetch("/auth/sign-out", { form: { ...fields, post_logout_redirect_uri: "https://attacker.example/" } });
      expect(detour.status).toBe(303);
      expect(detour.headers.get("location")).toBe("/signed-out");

      const member2 = await createTestMember("logout-no-hint-2");
      const { browser: second } = await codeFor(member2);
      const page = await second.page(confirmPath);
      const signedOut = await second.fetch("/auth/sign-out", { form: hiddenInputs(page.html) });
      expect(signedOut.status).toBe(303);
      expect(signedOut.headers.get("location")).toBe(back);
      expect(await sql(`SELECT 1 FROM session WHERE user_id = $1 AND revoked_at IS NULL`, [member2.id])).toEqual([]);
    });
  });

  test("[4.1.3] the token endpoint refuses a redirect_uri other than the authorization request's", async () => {
    const member = await createTestMember("redirect-token");
    const { code, verifier } = await codeFor(member);
    const mismatch = await tokenRequest({ grant_type: "authorization_code", code, redirect_uri: DEMO_APP.otherRedirectUri, code_verifier: verifier });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toEqual(invalidGrant("redirect_uri does not match the authorization request"));

    const second = await codeFor(member);
    const missing = await tokenRequest({ grant_type: "authorization_code", code: second.code, code_verifier: second.verifier });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual(invalidRequest("redirect_uri is required"));
  });
});

test.describe("RFC 9700 2.1.1 and 4.8: PKCE required, S256 only, verifier checked, no downgrade", () => {
  const cases: [string, Record<string, string | null>, string][] = [
    ["no code_challenge", { code_challenge: null }, "code_challenge is required (PKCE)"],
    ["no code_challenge, method S256", { code_challenge: null, code_challenge_method: "S256" }, "code_challenge is required (PKCE)"],
    ["code_challenge_method=plain", { code_challenge_method: "plain" }, "code_challenge_method must be S256"],
    ["plain with a verifier as the challenge", { code_challenge: "a".repeat(50), code_challenge_method: "plain" }, "code_challenge_method must be S256"],
    ["no code_challenge_method (RFC 7636 would default to plain)", { code_challenge_method: null }, "code_challenge_method must be S256"],
    ["an unknown method", { code_challenge_method: "S512" }, "code_challenge_method must be S256"],
    ["a challenge too short for S256", { code_challenge: "a".repeat(42) }, "code_challenge must be 43 base64url characters"],
    ["a challenge with padding", { code_challenge: `${"a".repeat(42)}=` }, "code_challenge must be 43 base64url characters"],
  ];
  for (const [label, parameters, description] of cases) {
    test(`[2.1.1] ${label} → invalid_request at the redirect URI`, async () => {
      const { challenge } = await pkce();
      await expectClientError(authorizeUrl(parameters, challenge), "invalid_request", description);
    });
  }

  test("[4.8] a token request without code_verifier is refused", async () => {
    const member = await createTestMember("pkce-missing");
    const { code } = await codeFor(member);
    const result = await tokenRequest({ grant_type: "authorization_code", code, redirect_uri: DEMO_APP.redirectUri });
    expect(result.status).toBe(400);
    expect(result.body).toEqual(invalidRequest("code_verifier is required (PKCE)"));
  });

  const s256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");
  const wrongVerifiers: [string, (right: string) => string][] = [
    ["another request's verifier", () => randomBytes(32).toString("base64url")],
    ["the challenge itself (as if the method were plain)", (right) => s256(right)],
    ["the right verifier with one character changed", (right) => `${right.slice(0, -1)}${right.endsWith("A") ? "B" : "A"}`],
    ["a verifier too short (42 characters)", (right) => right.slice(0, 42)],
    ["a verifier too long (129 characters) that starts with the right one", (right) => `${right}${"a".repeat(129 - right.length)}`],
    ["a verifier with a character outside the unreserved set", (right) => `${right.slice(0, -1)}!`],
  ];
  for (const [label, wrong] of wrongVerifiers) {
    test(`[4.8] a wrong code_verifier: ${label} → invalid_grant, and the code is spent`, async () => {
      const member = await createTestMember("pkce-wrong");
      const { code, verifier } = await codeFor(member);
      const result = await tokenRequest({ grant_type: "authorization_code", code, redirect_uri: DEMO_APP.redirectUri, code_verifier: wrong(verifier) });
      expect(result.status).toBe(400);
      expect(result.body).toEqual(invalidGrant("code_verifier does not match the code_challenge"));
      // The failed attempt spent the code: guessing on is pointless.
      const retry = await tokenRequest({ grant_type: "authorization_code", code, redirect_uri: DEMO_APP.redirectUri, code_verifier: verifier });
      expect(retry.body).toEqual(invalidGrant("the authorization code was already used; the tokens issued from it are revoked"));
    });
  }
});

test.describe("RFC 9700 4.5: authorization codes are single use, short-lived and bound to their client", () => {
  test("[4.5] code replay is refused and revokes the tokens issued from the code", async () => {
    const member = await createTestMember("code-replay");
    const { code, verifier } = await codeFor(member, { scope: "openid profile offline_access" });
    const tokens = await exchangeCode(code, verifier);
    expect((await profileOf(tokens.access_token)).status).toBe(200);

    const replay = await tokenRequest({ grant_type: "authorization_code", code, redirect_uri: DEMO_APP.redirectUri, code_verifier: verifier });
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual(invalidGrant("the authorization code was already used; the tokens issued from it are revoked"));

    const refresh = await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token! });
    expect(refresh.status).toBe(400);
    expect(refresh.body).toEqual(invalidGrant("the grant has been revoked"));
    const profile = await profileOf(tokens.access_token);
    expect(profile.status).toBe(401);
    expect(profile.body).toEqual({ error: "invalid_token", error_description: "the access token has been revoked" });
    expect((await userinfoOf(tokens.access_token)).status).toBe(401);
    expect(await introspect(tokens.access_token)).toEqual({ active: false });
    expect(await introspect(tokens.refresh_token!, DEMO_CLIENT, "refresh_token")).toEqual({ active: false });
    const [grant] = await sql<{ revoked_reason: string }>(`SELECT revoked_reason FROM oauth_grant WHERE user_id = $1`, [member.id]);
    expect(grant).toEqual({ revoked_reason: "code_replay" });
  });

  test("[4.5] concurrent redemptions of one code (a replay racing the first): at most one gets tokens, and nothing it got survives", async () => {
    const member = await createTestMember("code-race");
    const { code, verifier } = await codeFor(member, { scope: "openid offline_access" });
    const form = { grant_type: "authorization_code", code, redirect_uri: DEMO_APP.redirectUri, code_verifier: verifier };
    const results = await Promise.all([tokenRequest(form), tokenRequest(form), tokenRequest(form)]);
    // The code was presented three times: a replay that lands before the first exchange has finished makes
    // that exchange fail too, one that lands after revokes what it issued.
    expect(results.filter((result) => result.status === 200).length).toBeLessThanOrEqual(1);
    for (const refused of results.filter((result) => result.status === 400)) expect((refused.body as { error: string }).error).toBe("invalid_grant");
    for (const issued of results.filter((result) => result.status === 200)) {
      const tokens = issued.body as TokenSet;
      expect((await profileOf(tokens.access_token)).status).toBe(401);
      expect((await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token! })).status).toBe(400);
    }
    const grants = await sql<{ revoked_reason: string | null }>(`SELECT revoked_reason FROM oauth_grant WHERE user_id = $1`, [member.id]);
    for (const grant of grants) expect(grant.revoked_reason).toBe("code_replay");
  });

  test("[4.5] a code whose sign-in has ended (the member signed out) is refused", async () => {
    const member = await createTestMember("code-after-logout");
    const { code, verifier } = await codeFor(member);
    await sql(`UPDATE session SET revoked_at = now() WHERE user_id = $1`, [member.id]);
    const result = await tokenRequest({ grant_type: "authorization_code", code, redirect_uri: DEMO_APP.redirectUri, code_verifier: verifier });
    expect(result.status).toBe(400);
    expect(result.body).toEqual(invalidGrant("the sign-in this code came from has ended"));
  });

  test("[4.5.3] a code issued to one client is refused to another, even with the right verifier", async () => {
    const other = await ensureTestClient("confidential");
    const member = await createTestMember("code-client");
    const { code, verifier } = await codeFor(member);
    const result = await tokenRequest({ grant_type: "authorization_code", code, redirect_uri: DEMO_APP.redirectUri, code_verifier: verifier }, other);
    expect(result.status).toBe(400);
    expect(result.body).toEqual(invalidGrant("the authorization code was issued to another client"));
  });

  test("[4.3.1] an expired authorization code is refused; codes live 60 seconds", async () => {
    const member = await createTestMember("code-expired");
    const { code, verifier } = await codeFor(member);
    const [row] = await sql<{ lifetime: number }>(
      `SELECT extract(epoch FROM expires_at - created_at)::int AS lifetime FROM authorization_code WHERE code_hash = $1`,
      [tokenHash(code)],
    );
    expect(row!.lifetime).toBeLessThanOrEqual(60);
    await sql(`UPDATE authorization_code SET expires_at = now() - interval '1 second' WHERE code_hash = $1`, [tokenHash(code)]);
    const result = await tokenRequest({ grant_type: "authorization_code", code, redirect_uri: DEMO_APP.redirectUri, code_verifier: verifier });
    expect(result.status).toBe(400);
    expect(result.body).toEqual(invalidGrant("the authorization code has expired"));
  });

  test("[4.5] an unknown code is refused", async () => {
    const { verifier } = await pkce();
    const result = await tokenRequest({ grant_type: "authorization_code", code: randomBytes(32).toString("base64url"), redirect_uri: DEMO_APP.redirectUri, code_verifier: verifier });
    expect(result.status).toBe(400);
    expect(result.body).toEqual(invalidGrant("the authorization code is invalid"));
  });
});

test.describe("RFC 9700 4.14: refresh tokens rotate, are bound to their client, and reuse ends the family and the session", () => {
  test("[4.14.2] refresh token reuse revokes the whole family and the session", async () => {
    const member = await createTestMember("refresh-reuse");
    const first = await tokensFor(member);
    // A second authorization of the same browser session: another grant of the same session.
    const { code, verifier } = await codeFor(member, { scope: "openid offline_access" }, first.browser);
    const sibling = await exchangeCode(code, verifier);

    const rotated = await tokenRequest({ grant_type: "refresh_token", refresh_token: first.refresh_token! });
    expect(rotated.status).toBe(200);
    const second = rotated.body as TokenSet;

    const reuse = await tokenRequest({ grant_type: "refresh_token", refresh_token: first.refresh_token! });
    expect(reuse.status).toBe(400);
    expect(reuse.body).toEqual(invalidGrant("the refresh token was already used; the whole grant and its session are revoked"));

    // The newest refresh token of the family is dead too, and so is every access token of the session.
    const newest = await tokenRequest({ grant_type: "refresh_token", refresh_token: second.refresh_token! });
    expect(newest.status).toBe(400);
    expect((newest.body as { error: string }).error).toBe("invalid_grant");
    for (const token of [first.access_token, second.access_token, sibling.access_token]) {
      expect((await profileOf(token)).body).toEqual({ error: "invalid_token", error_description: "the access token has been revoked" });
      expect(await introspect(token)).toEqual({ active: false });
    }
    const siblingRefresh = await tokenRequest({ grant_type: "refresh_token", refresh_token: sibling.refresh_token! });
    expect((siblingRefresh.body as { error: string }).error).toBe("invalid_grant");

    // The session is ended: the browser must sign in again.
    const grants = await sql<{ revoked_reason: string }>(`SELECT revoked_reason FROM oauth_grant WHERE user_id = $1 ORDER BY created_at`, [member.id]);
    expect(grants).toEqual([{ revoked_reason: "refresh_token_reuse" }, { revoked_reason: "session_revoked" }]);
    expect(await sql(`SELECT 1 FROM session WHERE user_id = $1 AND revoked_at IS NULL`, [member.id])).toEqual([]);
    const { challenge } = await pkce();
    const silent = await first.browser.authorize(authorizeUrl({ prompt: "none" }, challenge));
    expect(silent.error).toBe("login_required");
  });

  test("[4.14.2] a refresh token is bound to its client: another client can neither use, introspect nor revoke it", async () => {
    const other = await ensureTestClient("confidential");
    const member = await createTestMember("refresh-client");
    const tokens = await tokensFor(member);

    const stolen = await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token! }, other);
    expect(stolen.status).toBe(400);
    expect(stolen.body).toEqual(invalidGrant("the refresh token is invalid or expired"));
    expect(await introspect(tokens.refresh_token!, other, "refresh_token")).toEqual({ active: false });
    await revoke(tokens.refresh_token!, other);
    await revoke(tokens.access_token, other, "access_token");
    expect((await profileOf(tokens.access_token)).status).toBe(200);
    // None of that burnt or revoked it for its own client.
    const own = await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token! });
    expect(own.status).toBe(200);
  });

  test("[4.14.2] an expired refresh token is refused", async () => {
    const member = await createTestMember("refresh-expired");
    const tokens = await tokensFor(member);
    await sql(`UPDATE refresh_token SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [tokenHash(tokens.refresh_token!)]);
    const result = await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token! });
    expect(result.status).toBe(400);
    expect(result.body).toEqual(invalidGrant("the refresh token is invalid or expired"));
  });

  test("[4.14] an access token or an ID token presented as a refresh token is refused", async () => {
    const member = await createTestMember("refresh-as-access");
    const tokens = await tokensFor(member);
    for (const token of [tokens.access_token, tokens.id_token!, "x".repeat(43)]) {
      const result = await tokenRequest({ grant_type: "refresh_token", refresh_token: token });
      expect(result.status).toBe(400);
      expect(result.body).toEqual(invalidGrant(token.length > 256 ? "the refresh token is invalid" : "the refresh token is invalid or expired"));
    }
    // And the refresh token still works afterwards: a refused token burns nothing.
    expect((await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token! })).status).toBe(200);
  });

  // Regression (issue 14, finding 3): refresh tokens ignored the session's end; a session expired 60 days ago still refreshed.
  test("[4.14.2] without offline_access a refresh token lives as long as its session: not after its absolute end, nor after it went idle", async () => {
    const member = await createTestMember("refresh-session-bound");
    const refresh = (token: string) => tokenRequest({ grant_type: "refresh_token", refresh_token: token });
    const ended = invalidGrant("the sign-in this refresh token belongs to has ended");

    const expired = await tokensFor(member, { scope: "openid profile" });
    expect(expired.refresh_token).toEqual(expect.any(String));
    const answer = await refresh(expired.refresh_token!);
    expect(answer.status).toBe(200);
    const renewed = answer.body as TokenSet;
    await sql(`UPDATE session SET expires_at = now() - interval '60 days' WHERE id = $1`, [claims(expired.access_token).sid]);
    expect((await refresh(renewed.refresh_token!)).body).toEqual(ended);
    // Its access tokens stop too, on our routes and at introspection.
    expect((await profileOf(renewed.access_token)).status).toBe(401);
    expect(await introspect(renewed.access_token)).toEqual({ active: false });

    const idle = await tokensFor(member, { scope: "openid profile" });
    await sql(`UPDATE session SET last_seen_at = now() - interval '15 days' WHERE id = $1`, [claims(idle.access_token).sid]);
    expect((await refresh(idle.refresh_token!)).body).toEqual(ended);
    // A refused refresh spent nothing: the session's end, not reuse, is the answer again.
    expect((await refresh(idle.refresh_token!)).body).toEqual(ended);
  });

  test("[4.14.2] with offline_access a refresh token outlives its session's end, up to its own maximum, never the session's revocation", async () => {
    const member = await createTestMember("refresh-offline");
    const refresh = (token: string) => tokenRequest({ grant_type: "refresh_token", refresh_token: token });
    const offline = await tokensFor(member, { scope: "openid offline_access" });
    const sid = claims(offline.access_token).sid as string;
    const [grant] = await sql<{ offline_days: number }>(`SELECT round(extract(epoch FROM offline_until - created_at) / 86400)::int AS offline_days FROM oauth_grant WHERE session_id = $1`, [sid]);
    expect(grant).toEqual({ offline_days: 90 });

    await sql(`UPDATE session SET expires_at = now() - interval '1 day', last_seen_at = now() - interval '40 days' WHERE id = $1`, [sid]);
    const answer = await refresh(offline.refresh_token!);
    expect(answer.status).toBe(200);
    const after = answer.body as TokenSet;
    expect((await profileOf(after.access_token)).status).toBe(200);

    await sql(`UPDATE oauth_grant SET offline_until = now() - interval '1 second' WHERE session_id = $1`, [sid]);
    expect((await refresh(after.refresh_token!)).body).toEqual(invalidGrant("the sign-in this refresh token belongs to has ended"));
    expect((await profileOf(after.access_token)).status).toBe(401);

    const revoked = await tokensFor(member, { scope: "openid offline_access" });
    await sql(`UPDATE session SET revoked_at = now() WHERE id = $1`, [claims(revoked.access_token).sid]);
    expect((await refresh(revoked.refresh_token!)).body).toEqual(invalidGrant("the grant has been revoked"));
  });

  // Regression (issue 14, finding 8): a wider scope spent the refresh token first, so the retry counted as reuse and ended the session.
  test("[4.14] asking a refresh for a wider scope is invalid_scope and spends nothing: the same token works afterwards", async () => {
    const member = await createTestMember("refresh-wider");
    const tokens = await tokensFor(member, { scope: "openid profile offline_access" });
    for (const scope of ["openid profile email", "openid phone offline_access", "openid account:recovery"]) {
      const wider = await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token!, scope });
      expect(wider.status, scope).toBe(400);
      expect(wider.body).toEqual({ error: "invalid_scope", error_description: "scope may only narrow the scopes originally granted" });
    }
    const narrower = await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token!, scope: "openid" });
    expect(narrower.status).toBe(200);
    expect((narrower.body as TokenSet).scope).toBe("openid");
    expect((await profileOf(tokens.access_token)).status).toBe(200);
    const [session] = await sql<{ revoked_at: Date | null }>(`SELECT revoked_at FROM session WHERE id = $1`, [claims(tokens.access_token).sid]);
    expect(session?.revoked_at).toBeNull();
  });
});

test.describe("RFC 9700 2.5 / RFC 6749 2.3 and 5.2: client authentication", () => {
  const basicChallenge = 'Basic realm="token"';
  const failed = { error: "invalid_client", error_description: "client authentication failed" };
  const cases: [string, () => Promise<{ headers?: Record<string, string>; form: Record<string, string> }>, number, object, string | null][] = [
    ["a wrong secret (client_secret_basic)", async () => ({ headers: { authorization: basicOf(DEMO_APP.id, "wrong-secret") }, form: {} }), 401, failed, basicChallenge],
    ["a wrong secret (client_secret_post)", async () => ({ form: { client_id: DEMO_APP.id, client_secret: "wrong-secret" } }), 401, failed, null],
    ["the right secret of another client", async () => ({ headers: { authorization: basicOf(DEMO_APP.id, (await ensureTestClient("confidential")).secret!) }, form: {} }), 401, failed, basicChallenge],
    ["an unknown client (client_secret_basic)", async () => ({ headers: { authorization: basicOf("attacker-app", "secret") }, form: {} }), 401, failed, basicChallenge],
    ["an unknown client (client_secret_post)", async () => ({ form: { client_id: "attacker-app", client_secret: "secret" } }), 401, failed, null],
    ["a confidential client without its secret (auth method none)", async () => ({ form: { client_id: DEMO_APP.id } }), 401, failed, null],
    ["an empty secret", async () => ({ form: { client_id: DEMO_APP.id, client_secret: "" } }), 401, failed, null],
    ["a public client presenting a secret", async () => ({ form: { client_id: (await ensureTestClient("public")).id, client_secret: "guess" } }), 401, failed, null],
    ["no client authentication at all", async () => ({ form: {} }), 401, { error: "invalid_client", error_description: "client authentication is required" }, null],
    ["a malformed Basic header", async () => ({ headers: { authorization: "Basic !!!" }, form: {} }), 401, { error: "invalid_client", error_description: "malformed Authorization header" }, basicChallenge],
    ["Basic without a colon", async () => ({ headers: { authorization: `Basic ${Buffer.from(DEMO_APP.id).toString("base64")}` }, form: {} }), 401, { error: "invalid_client", error_description: "malformed Authorization header" }, basicChallenge],
    ["Basic and client_secret together", async () => ({ headers: { authorization: basicOf(DEMO_APP.id, DEMO_APP.secret) }, form: { client_secret: DEMO_APP.secret } }), 400, invalidRequest("use exactly one client authentication method"), null],
    ["Basic for one client, client_id of another", async () => ({ headers: { authorization: basicOf(DEMO_APP.id, DEMO_APP.secret) }, form: { client_id: "portal" } }), 400, invalidRequest("client_id does not match the Authorization header"), null],
  ];
  for (const [label, build, status, body, challenge] of cases) {
    test(`[2.5] ${label} → ${status} ${(body as { error: string }).error}`, async () => {
      const { headers = {}, form } = await build();
      const result = await postToEndpoint("/oauth/token", { grant_type: "client_credentials", ...form }, null, "none", headers);
      expect(result.status).toBe(status);
      expect(result.body).toEqual(body);
      expect(result.headers.get("www-authenticate")).toBe(challenge);
      expect(result.headers.get("cache-control")).toBe("no-store");
    });
  }

  test("[2.5] introspection and revocation need client authentication too; introspection a confidential client", async () => {
    for (const path of ["/oauth/introspect", "/oauth/revoke"] as const) {
      const wrong = await postToEndpoint(path, { token: "anything" }, { id: DEMO_APP.id, secret: "wrong" });
      expect(wrong.status, path).toBe(401);
      expect(wrong.body).toEqual(failed);
      expect(wrong.headers.get("www-authenticate")).toBe(basicChallenge);
      const anonymous = await postToEndpoint(path, { token: "anything" }, null);
      expect(anonymous.status, path).toBe(401);
    }
    const publicClient = await ensureTestClient("public");
    const byPublic = await postToEndpoint("/oauth/introspect", { token: "anything" }, { id: publicClient.id, secret: null }, "none");
    expect(byPublic.status).toBe(401);
    expect(byPublic.body).toEqual({ error: "invalid_client", error_description: "introspection needs a confidential client" });
  });
});

function basicOf(id: string, secret: string): string {
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, "+");
  return `Basic ${Buffer.from(`${encode(id)}:${encode(secret)}`).toString("base64")}`;
}

test.describe("RFC 9700 2.1.2, 2.4 and 4.15: only the code flow, no ROPC, a client is never a member", () => {
  const grants: [string, Record<string, string> | URLSearchParams, number, object][] = [
    ["[2.4] grant_type=password (ROPC)", { grant_type: "password", username: "member@example.org", password: DEMO_PASSWORD }, 400, { error: "unsupported_grant_type", error_description: "grant_type password is not supported" }],
    ["[2.1.2] grant_type=implicit", { grant_type: "implicit" }, 400, { error: "unsupported_grant_type", error_description: "grant_type implicit is not supported" }],
    ["[RFC 6749 5.2] no grant_type", {}, 400, invalidRequest("grant_type is required")],
    ["[RFC 6749 3.2] a repeated parameter", new URLSearchParams([["grant_type", "client_credentials"], ["grant_type", "password"]]), 400, invalidRequest("parameter grant_type is repeated")],
    ["[4.15] client_credentials asking for openid", { grant_type: "client_credentials", scope: "openid" }, 400, { error: "invalid_scope", error_description: "scope not allowed for client_credentials: openid" }],
    ["[4.15] client_credentials asking for offline_access", { grant_type: "client_credentials", scope: "offline_access" }, 400, { error: "invalid_scope", error_description: "scope not allowed for client_credentials: offline_access" }],
  ];
  for (const [label, form, status, body] of grants) {
    test(`${label} → ${status} ${(body as { error: string }).error}`, async () => {
      const result = await tokenRequest(form);
      expect(result.status).toBe(status);
      expect(result.body).toEqual(body);
    });
  }

  test("[RFC 6749 3.2] a token request that is not form-encoded is refused", async () => {
    const response = await fetch(`${ISSUER}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: basicOf(DEMO_APP.id, DEMO_APP.secret) },
      body: JSON.stringify({ grant_type: "client_credentials" }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(invalidRequest("the body must be application/x-www-form-urlencoded"));
  });

  test("[2.4] a public client cannot use client_credentials", async () => {
    const publicClient = await ensureTestClient("public");
    const result = await tokenRequest({ grant_type: "client_credentials" }, { id: publicClient.id, secret: null }, "none");
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ error: "unauthorized_client", error_description: "client_credentials needs a confidential client" });
  });

  test("[4.15] a client_credentials token is not a member's: userinfo and /api/v1 refuse it", async () => {
    const result = await tokenRequest({ grant_type: "client_credentials" });
    const token = (result.body as TokenSet).access_token;
    expect(claims(token).sub).toBe(DEMO_APP.id);
    const profile = await profileOf(token);
    expect(profile.status).toBe(401);
    expect(profile.body).toEqual({ error: "invalid_token", error_description: "the access token was not issued to a member" });
    const userinfo = await userinfoOf(token);
    expect(userinfo.status).toBe(401);
    expect(userinfo.body).toEqual({ error: "invalid_token", error_description: "the token was not issued to a member" });
  });
});

test.describe("the authorization request: response types, parameters and scopes", () => {
  const cases: [string, Record<string, string | string[] | null>, string, string][] = [
    ["[2.1.2] response_type=token (implicit)", { response_type: "token" }, "unsupported_response_type", "only response_type=code is supported"],
    ["[2.1.2] response_type=id_token", { response_type: "id_token" }, "unsupported_response_type", "only response_type=code is supported"],
    ["[2.1.2] response_type=code id_token (hybrid)", { response_type: "code id_token" }, "unsupported_response_type", "only response_type=code is supported"],
    ["[2.1.2] response_type=code token (hybrid)", { response_type: "code token" }, "unsupported_response_type", "only response_type=code is supported"],
    ["[RFC 6749 4.1.1] no response_type", { response_type: null }, "invalid_request", "response_type is required"],
    ["[2.1.2] response_mode=fragment", { response_mode: "fragment" }, "invalid_request", "only response_mode=query is supported"],
    ["[2.1.2] response_mode=form_post", { response_mode: "form_post" }, "invalid_request", "only response_mode=query is supported"],
    ["[RFC 6749 3.1] a repeated scope", { scope: ["openid", "openid profile"] }, "invalid_request", "parameter scope is repeated"],
    ["[RFC 6749 3.1] a repeated code_challenge", { code_challenge: ["a".repeat(43), "b".repeat(43)] }, "invalid_request", "parameter code_challenge is repeated"],
    ["[RFC 6749 3.1] a repeated response_type", { response_type: ["code", "token"] }, "invalid_request", "parameter response_type is repeated"],
    ["[OIDC 6] a request object", { request: "eyJhbGciOiJub25lIn0.eyJzY29wZSI6Im9wZW5pZCJ9." }, "request_not_supported", "request objects are not supported"],
    ["[OIDC 6] a request_uri", { request_uri: "https://attacker.example/request.jwt" }, "request_uri_not_supported", "request_uri is not supported"],
    ["[OIDC 3.1.2.1] only scope values the server does not know", { scope: "admin address" }, "invalid_scope", "scope names no scope this server supports"],
    ["[RFC 6749 3.3] no scope", { scope: null }, "invalid_scope", "scope is required"],
    ["[OIDC 3.1.2.1] prompt=none with login", { prompt: "none login" }, "invalid_request", "prompt=none cannot be combined with other values"],
    ["[OIDC 3.1.2.1] an unknown prompt", { prompt: "select_account" }, "invalid_request", "prompt select_account is not supported"],
    ["[OIDC 3.1.2.1] a negative max_age", { max_age: "-1" }, "invalid_request", "max_age must be a non-negative integer"],
    ["[OIDC 3.1.2.1] a max_age that is not a number", { max_age: "soon" }, "invalid_request", "max_age must be a non-negative integer"],
  ];
  for (const [label, parameters, error, description] of cases) {
    test(`${label} → ${error} at the redirect URI, with state and iss`, async () => {
      const { challenge } = await pkce();
      await expectClientError(authorizeUrl(parameters, challenge), error, description);
    });
  }

  test("[OIDC 3.1.2.1] a scope value the server does not know is ignored: the tokens carry the rest", async () => {
    const member = await createTestMember("oauth-unknown-scope");
    const tokens = await tokensFor(member, { scope: "openid admin profile address" });
    expect(tokens.scope.split(" ").sort()).toEqual(["openid", "profile"]);
    expect(tokens.id_token).toBeTruthy();
  });

  test("[RFC 6749 3.1] a repeated state: refused, the first state echoed", async () => {
    const { challenge } = await pkce();
    const { location } = await authorizeAnswer(authorizeUrl({ state: ["first", "second"] }, challenge));
    const callback = new URL(location!);
    expect(callback.searchParams.get("error")).toBe("invalid_request");
    expect(callback.searchParams.get("error_description")).toBe("parameter state is repeated");
    expect(callback.searchParams.getAll("state")).toEqual(["first"]);
  });

  test("[RFC 6749 3.3] a scope the client did not register is refused", async () => {
    await sql(
      `INSERT INTO client (id, name, type, secret_hash, redirect_uris, post_logout_redirect_uris, grant_types, scopes, first_party)
       VALUES ('oauth-test-narrow', 'OAuth tests (narrow)', 'confidential', $1, $2, '{}', '{authorization_code}', '{openid}', false)
       ON CONFLICT (id) DO NOTHING`,
      [tokenHash("narrow-secret-0123456789"), [DEMO_APP.redirectUri]],
    );
    const { challenge } = await pkce();
    await expectClientError(authorizeUrl({ client_id: "oauth-test-narrow", scope: "openid email" }, challenge), "invalid_scope", "scope not allowed for this client: email");
  });
});

test.describe("RFC 9700 4.4 and 4.7: iss in every authorization response, state echoed exactly", () => {
  const oddState = "a b&c=d/é+%25?#;'\"<>";

  test("[4.7] state comes back byte for byte on success", async () => {
    const member = await createTestMember("state");
    const { outcome } = await codeFor(member, { state: oddState });
    expect(outcome.state).toBe(oddState);
    expect(outcome.callback!.searchParams.getAll("state")).toEqual([oddState]);
  });

  test("[4.7] state comes back byte for byte on an error", async () => {
    const { challenge } = await pkce();
    const outcome = await new OAuthBrowser().authorize(authorizeUrl({ state: oddState, prompt: "none" }, challenge));
    expect(outcome.error).toBe("login_required");
    expect(outcome.state).toBe(oddState);
  });

  test("[4.7] without state, none is invented", async () => {
    const { challenge } = await pkce();
    const outcome = await new OAuthBrowser().authorize(authorizeUrl({ state: null, prompt: "none" }, challenge));
    expect(outcome.callback!.searchParams.has("state")).toBe(false);
  });

  test("[4.4.2] iss names this issuer on success and on errors (RFC 9207)", async () => {
    const member = await createTestMember("iss");
    const { outcome } = await codeFor(member);
    expect(outcome.iss).toBe(ISSUER);
    const { challenge } = await pkce();
    const failed = await new OAuthBrowser().authorize(authorizeUrl({ response_type: "token" }, challenge));
    expect(failed.iss).toBe(ISSUER);
    expect(failed.code).toBeNull();
  });
});

test.describe("RFC 9700 2.3, 4.10.2 and RFC 9068 4: access tokens are checked, audience-restricted and expire", () => {
  let member: TestMember;
  let original: TokenSet;
  let other: TestMember;
  test.beforeAll(async () => {
    member = await createTestMember("forged");
    other = await createTestMember("forged-other");
    original = await tokensFor(member, { scope: "openid profile" });
  });

  const invalid = "the access token is invalid";
  const cases: [string, () => Promise<string>, string][] = [
    ["[RFC 9068 4] the same claims re-signed by the server's key (control: accepted)", () => resignedAccessToken(original.access_token, {}), ""],
    ["[RFC 9068 4] an expired token", () => expiredCopy(original.access_token), "the access token is expired"],
    ["[RFC 9068 4] a token without exp", () => resignedAccessToken(original.access_token, { exp: undefined }), invalid],
    ["[RFC 8725 2.1] alg none", async () => unsecuredCopy(original.access_token), invalid],
    ["[RFC 8725 2.1] alg NONE", async () => unsecuredCopy(original.access_token, "NONE"), invalid],
    ["[RFC 8725 2.1] a tampered signature", async () => tamperedSignature(original.access_token), invalid],
    ["[RFC 8725 2.1] a tampered payload (another member, wider scope)", async () => tamperedPayload(original.access_token, { sub: other.id, scope: "openid profile email phone" }), invalid],
    ["[RFC 8725 2.1] no signature at all", async () => original.access_token.split(".").slice(0, 2).join(".") + ".", invalid],
    ["[RFC 8725 2.1] a foreign key with the server's kid", () => foreignSignedCopy(original.access_token), invalid],
    ["[RFC 8725 2.1] a foreign key with its own kid", () => foreignSignedCopy(original.access_token, { kid: "attacker-key" }), invalid],
    ["[RFC 8725 2.1] HS256 keyed with the server's RSA public key (alg confusion)", async () => hmacCopy(original.access_token, await rsaPublicPem(header(original.id_token!).kid as string)), invalid],
    ["[RFC 8725 2.1] HS256 keyed with the server's EC public JWK (alg confusion)", async () => hmacCopy(original.access_token, JSON.stringify((await serverSigningKey("ES256", header(original.access_token).kid as string)).publicJwk)), invalid],
    ["[4.10.2] a token for another audience", () => resignedAccessToken(original.access_token, { aud: "https://api.other.example" }), invalid],
    ["[4.10.2] a token for two audiences, ours not among them", () => resignedAccessToken(original.access_token, { aud: ["https://a.example", "https://b.example"] }), invalid],
    ["[4.10.2] a token without aud", () => resignedAccessToken(original.access_token, { aud: undefined }), invalid],
    ["[4.4] a token of another issuer", () => resignedAccessToken(original.access_token, { iss: "https://attacker.example" }), invalid],
    ["[RFC 9068 2.1] typ JWT instead of at+jwt", () => resignedAccessToken(original.access_token, {}, { typ: "JWT" }), invalid],
    ["[RFC 9068 2.1] the ID token presented as an access token", async () => original.id_token!, invalid],
    ["[RFC 9068 4] signed with the server's RS256 ID-token key", () => resignedAccessToken(original.access_token, {}, { alg: "RS256", kid: header(original.id_token!).kid as string }), ""],
  ];
  for (const [label, make, description] of cases) {
    test(`${label}: /api/v1, userinfo and introspection agree`, async () => {
      const token = await make();
      const profile = await profileOf(token);
      const userinfo = await userinfoOf(token);
      const introspection = await introspect(token);
      if (description === "") {
        expect(profile.status, JSON.stringify(profile.body)).toBe(200);
        expect(userinfo.status).toBe(200);
        expect(introspection.active).toBe(true);
        return;
      }
      expect(profile.status).toBe(401);
      expect(profile.body).toEqual({ error: "invalid_token", error_description: description });
      expect(profile.headers.get("www-authenticate")).toBe(`Bearer error="invalid_token", error_description="${description}"`);
      expect(userinfo.status).toBe(401);
      expect((userinfo.body as { error: string }).error).toBe("invalid_token");
      expect(userinfo.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_token"/);
      expect(introspection).toEqual({ active: false });
    });
  }
});

async function rsaPublicPem(kid: string): Promise<string> {
  const { publicJwk } = await serverSigningKey("RS256", kid);
  return exportSPKI((await importJWK(publicJwk, "RS256", { extractable: true })) as CryptoKey);
}

test.describe("attempt limits on sign-in (RFC 6749 10.10: credential guessing)", () => {
  /** A documentation address (RFC 3849) of this test's own, so its failures share no counter with other tests. */
  const ownIp = () => `2001:db8::${randomBytes(4).toString("hex").replace(/(....)(....)/, "$1:$2")}`;

  async function signInForm(browser: OAuthBrowser): Promise<Record<string, string>> {
    const { status, html } = await browser.page("/sign-in");
    expect(status).toBe(200);
    return hiddenInputs(html);
  }

  async function attempt(browser: OAuthBrowser, form: Record<string, string>, email: string, password: string, ip: string) {
    const response = await browser.fetch("/auth/sign-in", {
      form: { ...form, email, password },
      headers: { accept: "application/json", "x-forwarded-for": ip },
    });
    return { status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.json() };
  }

  test("five wrong passwords are answered plainly, the sixth starts a short block (429, Retry-After), never a lock-out", async () => {
    const member = await createTestMember("limit-account");
    const browser = new OAuthBrowser();
    const form = await signInForm(browser);
    const ip = ownIp();
    for (let failure = 1; failure <= 5; failure++) {
      const result = await attempt(browser, form, member.email, `wrong-password-${failure}`, ip);
      expect(result.status, `failure ${failure}`).toBe(401);
      expect(result.body).toEqual({ error: "invalid_credentials", error_description: expect.any(String) });
      expect(result.retryAfter).toBeNull();
    }
    const sixth = await attempt(browser, form, member.email, "wrong-password-6", ip);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ error: "too_many_requests", error_description: expect.stringMatching(/^Too many attempts\. Try again in \d+ seconds?\.$/) });
    expect(Number(sixth.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(sixth.retryAfter)).toBeLessThanOrEqual(2);

    // While blocked even the right password is refused, from any address: the block is the account's.
    const blocked = await attempt(browser, form, member.email, DEMO_PASSWORD, ownIp());
    expect(blocked.status).toBe(429);
    expect(Number(blocked.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(await sql(`SELECT 1 FROM session WHERE user_id = $1`, [member.id])).toEqual([]);

    // Once the delay has passed, the right password works: growing delays, no permanent lock.
    await new Promise((resolve) => setTimeout(resolve, Number(blocked.retryAfter) * 1000 + 250));
    const after = await attempt(browser, form, member.email, DEMO_PASSWORD, ip);
    expect(after.status).toBe(200);
    expect(after.body).toEqual({ redirect_to: expect.any(String) });
  });

  test("an address that has no account is limited exactly like one that has (no enumeration)", async () => {
    const browser = new OAuthBrowser();
    const form = await signInForm(browser);
    const ip = ownIp();
    const email = uniqueEmail("nobody");
    const statuses: number[] = [];
    for (let failure = 1; failure <= 6; failure++) statuses.push((await attempt(browser, form, email, "whatever-password", ip)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  test("a blocked sign-in without JavaScript goes back to the form with the error and retry_after (303)", async () => {
    const browser = new OAuthBrowser();
    const form = await signInForm(browser);
    const ip = ownIp();
    const email = uniqueEmail("nojs-limit");
    let last: Response | undefined;
    for (let failure = 1; failure <= 6; failure++) {
      last = await browser.fetch("/auth/sign-in", { form: { ...form, email, password: "nope-nope-nope" }, headers: { "x-forwarded-for": ip } });
    }
    expect(last!.status).toBe(303);
    const location = new URL(last!.headers.get("location")!, ISSUER);
    expect(location.pathname).toBe("/sign-in");
    expect(location.searchParams.get("error")).toBe("too_many_requests");
    expect(Number(location.searchParams.get("retry_after"))).toBeGreaterThanOrEqual(1);
    expect(last!.headers.get("retry-after")).toBe(location.searchParams.get("retry_after"));
  });

  test("one address spraying guesses over many accounts is blocked after 50 failures, others are not", async () => {
    test.setTimeout(120_000);
    const browser = new OAuthBrowser();
    const form = await signInForm(browser);
    const ip = ownIp();
    // First make sure the server sees the address this test claims, so the spray cannot block the
    // address every other test signs in from.
    const witness = await createTestMember("limit-ip-witness");
    expect((await attempt(browser, form, witness.email, "wrong-password", ip)).status).toBe(401);
    const [event] = await sql<{ ip: string }>(`SELECT ip FROM security_event WHERE user_id = $1 AND type = 'sign_in_failed'`, [witness.id]);
    expect(event?.ip, "the server must take the client address from X-Forwarded-For for this test").toBe(ip);

    const statuses: number[] = [];
    for (let failure = 2; failure <= 51; failure++) {
      statuses.push((await attempt(browser, form, uniqueEmail(`spray${failure}`), "wrong-password", ip)).status);
    }
    expect(statuses.slice(0, 49).every((status) => status === 401)).toBe(true);
    expect(statuses[49]).toBe(429);
    // A new account from the same address is blocked; the same account from another address is not.
    const fresh = uniqueEmail("spray-fresh");
    expect((await attempt(browser, form, fresh, "wrong-password", ip)).status).toBe(429);
    expect((await attempt(browser, form, fresh, "wrong-password", ownIp())).status).toBe(401);
  });
});

test.describe("RFC 9700 4.12, 4.16 and 4.2.4: how the sign-in pages answer", () => {
  test("[4.12] a sign-in form post is answered with 303, never 307 (credentials must not be re-posted)", async () => {
    const member = await createTestMember("see-other");
    const browser = new OAuthBrowser();
    const { challenge } = await pkce();
    const outcome = await browser.authorize(authorizeUrl({}, challenge), { stopAt: ["sign-in"] });
    const { html } = await browser.page(outcome.stoppedAt!);
    const wrong = await browser.fetch("/auth/sign-in", { form: { ...hiddenInputs(html), email: member.email, password: "not-the-password" } });
    expect(wrong.status).toBe(303);
    const right = await browser.fetch("/auth/sign-in", { form: { ...hiddenInputs(html), email: member.email, password: DEMO_PASSWORD } });
    expect(right.status).toBe(303);
    expect(right.headers.get("location")).toMatch(/^\/oauth\/authorize\/resume\?request=/);
    const resumed = await browser.fetch(right.headers.get("location")!);
    expect(resumed.status).toBe(303);
  });

  test("[4.16] the sign-in, consent and error pages refuse to be framed (clickjacking)", async () => {
    const member = await createTestMember("frame");
    const browser = new OAuthBrowser();
    const { challenge } = await pkce();
    const outcome = await browser.authorize(authorizeUrl({}, challenge), { account: member, stopAt: ["consent"] });
    expect(outcome.pages).toEqual(["sign-in", "consent"]);
    const signIn = await new OAuthBrowser().page("/sign-in");
    const consent = await browser.page(outcome.stoppedAt!);
    const error = await browser.page("/oauth/error?error=invalid_redirect_uri");
    for (const page of [signIn, consent, error]) {
      const frameOptions = page.headers.get("x-frame-options");
      const csp = page.headers.get("content-security-policy") ?? "";
      expect(frameOptions === "DENY" || /frame-ancestors 'none'/.test(csp)).toBe(true);
    }
  });

  test("[4.2.4] the pages of the flow send a Referrer-Policy that keeps their query to themselves", async () => {
    const signIn = await new OAuthBrowser().page("/sign-in?request=abc");
    expect(["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin", "origin"]).toContain(signIn.headers.get("referrer-policy"));
  });

  test("[4.3] authorization answers are never cached", async () => {
    const { challenge } = await pkce();
    const response = await fetch(authorizeUrl({ prompt: "none" }, challenge), { redirect: "manual" });
    expect(response.headers.get("cache-control")).toBe("no-store");
    const token = await tokenRequest({ grant_type: "client_credentials" });
    expect(token.headers.get("cache-control")).toBe("no-store");
  });
});

test.describe("tokens in the wrong place", () => {
  test("[RFC 6750 2.3] an access token in the query string is not accepted", async () => {
    const member = await createTestMember("query-token");
    const tokens = await tokensFor(member, { scope: "openid" });
    const result = await bearerGet(`/api/v1/users/me?access_token=${tokens.access_token}`, null);
    expect(result.status).toBe(401);
    expect(result.body).toEqual({ error: "invalid_token", error_description: "an access token is required" });
  });

  test("[RFC 6750 3.1] userinfo without any credential: 401 with a bare Bearer challenge, no error code in it", async () => {
    for (const method of ["GET", "POST"]) {
      const response = await fetch(`${ISSUER}/oauth/userinfo`, { method });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe("Bearer");
      expect(await response.json()).toEqual({ error: "invalid_token", error_description: "an access token is required" });
    }
  });

  test("[RFC 6750 2.2] userinfo takes the token from a form body on POST, but not from both the body and the header", async () => {
    const member = await createTestMember("body-token");
    const tokens = await tokensFor(member, { scope: "openid email" });
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const inBody = await fetch(`${ISSUER}/oauth/userinfo`, { method: "POST", headers: form, body: new URLSearchParams({ access_token: tokens.access_token }) });
    expect([inBody.status, await inBody.json()]).toEqual([200, { sub: member.id, email: member.email, email_verified: true }]);

    const twice = await fetch(`${ISSUER}/oauth/userinfo`, {
      method: "POST",
      headers: { ...form, authorization: `Bearer ${tokens.access_token}` },
      body: new URLSearchParams({ access_token: tokens.access_token }),
    });
    const description = "send the access token in one place: the Authorization header or the body";
    expect([twice.status, await twice.json()]).toEqual([400, { error: "invalid_request", error_description: description }]);
    expect(twice.headers.get("www-authenticate")).toBe(`Bearer error="invalid_request", error_description="${description}"`);
  });
});
