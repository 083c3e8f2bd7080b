import { expect, test } from "@playwright/test";
import { sql } from "../support/database.ts";
import { PROFILE_KEYS, profileSchema } from "../support/identity-contract.ts";
import { SEEDED, accountByEmail, createTestMember, rolesAndPermissions } from "../support/oauth-accounts.ts";
import { DEMO_APP, DEMO_PASSWORD } from "../support/oauth-browser.ts";
import { ISSUER, bearerGet, portalTokensFor, revoke, tokenRequest, tokensFor, type TokenSet } from "../support/oauth-client.ts";
import {
  expiredCopy,
  foreignSignedCopy,
  resignedAccessToken,
  tamperedPayload,
  tamperedSignature,
  unsecuredCopy,
} from "../support/oauth-tokens.ts";

// The /api/v1 guard (lib/http/identity.ts) through GET /api/v1/users/me: every way a request can fail,
// with its exact status, WWW-Authenticate header and body (decisions.md part 2), and the profile itself.

const ME = "/api/v1/users/me";

const invalidToken = (description: string) => ({
  status: 401,
  challenge: `Bearer error="invalid_token", error_description="${description}"`,
  body: { error: "invalid_token", error_description: description },
});

async function expectAnswer(authorization: string | null, expected: { status: number; challenge: string | null; body: object }, path = ME) {
  const result = await bearerGet(path, authorization);
  expect(result.status).toBe(expected.status);
  expect(result.headers.get("www-authenticate")).toBe(expected.challenge);
  expect(result.headers.get("content-type")).toContain("application/json");
  expect(result.headers.get("cache-control")).toBe("no-store");
  expect(result.body).toEqual(expected.body);
}

/** Tokens of member@example.org for the demo client, fetched once per worker. */
let memberTokens: Promise<TokenSet> | undefined;
const seededMemberTokens = () => (memberTokens ??= tokensFor({ email: SEEDED.member, password: DEMO_PASSWORD }, { scope: "openid profile" }));

test("the portal's token: 200 with the whole profile, exactly the contract's profile, as the database has it", async () => {
  const tokens = await portalTokensFor({ email: SEEDED.member, password: DEMO_PASSWORD });
  const result = await bearerGet(ME, `Bearer ${tokens.access_token}`);
  expect(result.status).toBe(200);
  expect(result.headers.get("cache-control")).toBe("no-store");
  expect(result.headers.get("www-authenticate")).toBeNull();
  const body = result.body as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual([...PROFILE_KEYS].sort());
  expect(profileSchema.parse(body)).toEqual(body);

  const account = await accountByEmail(SEEDED.member);
  const { roles, permissions } = await rolesAndPermissions(account.id);
  const [totp] = await sql<{ status: string }>(`SELECT status FROM totp_credential WHERE user_id = $1`, [account.id]);
  expect(body).toEqual({
    id: account.id,
    email: account.email,
    email_verified: account.email_verified_at !== null,
    name: `${account.given_name} ${account.family_name}`.trim(),
    given_name: account.given_name,
    family_name: account.family_name,
    phone_number: account.phone,
    phone_number_verified: account.phone_verified_at !== null,
    locale: account.locale,
    roles,
    permissions,
    mfa_enabled: totp?.status === "confirmed",
    created_at: account.created_at.toISOString(),
    updated_at: account.updated_at.toISOString(),
  });
  expect(roles).toContain("member");
  expect(permissions).toContain("profile:read");
});

test("a third-party app sees only what its scopes release (regression: an openid-only app read the email and phone)", async () => {
  const account = await accountByEmail(SEEDED.member);
  expect(account.email && account.phone).toBeTruthy();
  const profile = {
    name: `${account.given_name} ${account.family_name}`.trim(),
    given_name: account.given_name,
    family_name: account.family_name,
    locale: account.locale,
    updated_at: account.updated_at.toISOString(),
  };
  const email = { email: account.email, email_verified: account.email_verified_at !== null };
  const phone = { phone_number: account.phone, phone_number_verified: account.phone_verified_at !== null };
  const cases: [string, object][] = [
    ["openid", {}],
    ["openid profile", profile],
    ["openid email", email],
    ["openid phone", phone],
    ["openid profile email phone", { ...profile, ...email, ...phone }],
  ];
  for (const [scope, released] of cases) {
    const tokens = await tokensFor({ email: SEEDED.member, password: DEMO_PASSWORD }, { scope });
    const answer = await bearerGet(ME, `Bearer ${tokens.access_token}`);
    expect(answer.status, scope).toBe(200);
    // Never roles, permissions or the second factor's state: those are account control, the portal's alone.
    expect(answer.body, scope).toEqual({ id: account.id, ...released });
    const userinfo = await bearerGet("/oauth/userinfo", `Bearer ${tokens.access_token}`);
    expect(Object.keys(userinfo.body as object).sort(), scope).toEqual(["sub", ...Object.keys(released).filter((claim) => claim !== "locale" || account.locale !== null)].sort());
  }
});

test("the Bearer scheme is case-insensitive (RFC 6750 2.1, RFC 7235 2.1)", async () => {
  const tokens = await seededMemberTokens();
  expect((await bearerGet(ME, `bearer ${tokens.access_token}`)).status).toBe(200);
  expect((await bearerGet(ME, `BEARER ${tokens.access_token}`)).status).toBe(200);
});

const required = invalidToken("an access token is required");
const malformed = invalidToken("the Authorization header is malformed");
const invalid = invalidToken("the access token is invalid");

const headerCases: [string, string | null, ReturnType<typeof invalidToken>][] = [
  ["no Authorization header", null, required],
  ["Basic credentials", `Basic ${Buffer.from("member@example.org:demo-password").toString("base64")}`, malformed],
  ['"Bearer" alone', "Bearer", malformed],
  ["Bearer and two tokens", "Bearer abc def", malformed],
  ["a token with characters outside b64token", "Bearer abc$def", malformed],
  ["another scheme (MAC)", "MAC abc.def.ghi", malformed],
  ["the DPoP scheme with a garbage token (RFC 9449 7.1)", "DPoP abc.def.ghi", invalid],
  ["a garbage token", "Bearer garbage", invalid],
  ["three garbage segments", "Bearer a.b.c", invalid],
  ["an opaque token of JWT length", `Bearer ${"x".repeat(600)}`, invalid],
  ["a very long token", `Bearer ${"a".repeat(2000)}.${"b".repeat(2000)}.${"c".repeat(200)}`, invalid],
];
for (const [label, header, expected] of headerCases) {
  test(`${label} → ${expected.status} ${expected.body.error_description}`, async () => {
    await expectAnswer(header, expected);
  });
}

const tokenCases: [string, (token: string) => Promise<string>, ReturnType<typeof invalidToken>][] = [
  ["alg none", async (token) => unsecuredCopy(token), invalid],
  ["a tampered signature", async (token) => tamperedSignature(token), invalid],
  ["a tampered payload", async (token) => tamperedPayload(token, { scope: "openid profile email phone" }), invalid],
  ["a signature by a foreign key with the server's kid", (token) => foreignSignedCopy(token), invalid],
  ["an expired token", (token) => expiredCopy(token), invalidToken("the access token is expired")],
  ["a token for another audience", (token) => resignedAccessToken(token, { aud: "https://api.other.example" }), invalid],
  ["a token of another issuer", (token) => resignedAccessToken(token, { iss: "https://attacker.example" }), invalid],
  ["a token typed JWT, not at+jwt", (token) => resignedAccessToken(token, {}, { typ: "JWT" }), invalid],
];
for (const [label, make, expected] of tokenCases) {
  test(`${label} → ${expected.status} ${expected.body.error_description}`, async () => {
    const tokens = await seededMemberTokens();
    await expectAnswer(`Bearer ${await make(tokens.access_token)}`, expected);
  });
}

test("an ID token instead of an access token → 401 the access token is invalid", async () => {
  const tokens = await seededMemberTokens();
  await expectAnswer(`Bearer ${tokens.id_token}`, invalid);
});

test("a client_credentials token (no member behind it) → 401 the access token was not issued to a member", async () => {
  const result = await tokenRequest({ grant_type: "client_credentials", scope: "profile" });
  expect(result.status).toBe(200);
  await expectAnswer(`Bearer ${(result.body as TokenSet).access_token}`, invalidToken("the access token was not issued to a member"));
});

test("a revoked access token (RFC 7009) → 401 the access token has been revoked", async () => {
  const member = await createTestMember("guard-revoked");
  const tokens = await tokensFor(member, { scope: "openid" });
  await expectAnswer(`Bearer ${tokens.access_token}`, { status: 200, challenge: null, body: expect.objectContaining({ id: member.id }) });
  await revoke(tokens.access_token, undefined, "access_token");
  await expectAnswer(`Bearer ${tokens.access_token}`, invalidToken("the access token has been revoked"));
});

test("a token whose grant was revoked (refresh token revoked) → 401 the access token has been revoked", async () => {
  const member = await createTestMember("guard-grant");
  const tokens = await tokensFor(member, { scope: "openid offline_access" });
  await revoke(tokens.refresh_token!, undefined, "refresh_token");
  await expectAnswer(`Bearer ${tokens.access_token}`, invalidToken("the access token has been revoked"));
});

test("a token of a session that signed out (/oauth/logout) → 401 the access token has been revoked", async () => {
  const member = await createTestMember("guard-logout");
  const tokens = await tokensFor(member, { scope: "openid" });
  const logout = new URL("/oauth/logout", ISSUER);
  logout.searchParams.set("id_token_hint", tokens.id_token!);
  logout.searchParams.set("post_logout_redirect_uri", DEMO_APP.postLogoutRedirectUri);
  const response = await tokens.browser.fetch(logout);
  expect(response.status).toBe(303);
  expect(response.headers.get("location")).toBe(DEMO_APP.postLogoutRedirectUri);
  await expectAnswer(`Bearer ${tokens.access_token}`, invalidToken("the access token has been revoked"));
});

test("a member without the profile:read permission → 403 forbidden naming it", async () => {
  const member = await createTestMember("guard-no-roles", { roles: "none" });
  const tokens = await tokensFor(member, { scope: "openid" });
  await expectAnswer(`Bearer ${tokens.access_token}`, {
    status: 403,
    challenge: null,
    body: { error: "forbidden", error_description: "missing permission profile:read" },
  });
});

test("a permission removed while the token lives takes effect at once", async () => {
  const member = await createTestMember("guard-role-removed");
  const tokens = await tokensFor(member, { scope: "openid" });
  expect((await bearerGet(ME, `Bearer ${tokens.access_token}`)).status).toBe(200);
  await sql(`DELETE FROM user_role WHERE user_id = $1`, [member.id]);
  await expectAnswer(`Bearer ${tokens.access_token}`, {
    status: 403,
    challenge: null,
    body: { error: "forbidden", error_description: "missing permission profile:read" },
  });
});

const unknownRoutes: [string, string][] = [
  ["GET", "/api/v1/nothing-here"],
  ["GET", "/api/v1/users/me/nothing-here"],
  ["POST", "/api/v1/nothing-here"],
  ["DELETE", "/api/v1/users"],
];
for (const [method, path] of unknownRoutes) {
  test(`${method} ${path} (no such route) → 404 not_found in the identity error shape`, async () => {
    const response = await fetch(new URL(path, ISSUER), { method });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ error: "not_found", error_description: "no such route" });
  });
}
