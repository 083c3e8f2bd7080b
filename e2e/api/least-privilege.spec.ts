import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { api, callFromOwnIp, memberWithToken, uniqueContactEmail } from "../support/contacts.ts";
import { sql } from "../support/database.ts";
import { createTestMember, type TestMember } from "../support/oauth-accounts.ts";
import { DEMO_APP, OAuthBrowser, hiddenInputs } from "../support/oauth-browser.ts";
import { PORTAL_CLIENT, PORTAL_SCOPE, authorizeUrl, codeFor, exchangeCode, pkce, portalTokensFor, tokensFor } from "../support/oauth-client.ts";
import { messagesTo } from "../support/outbox.ts";
import { claims, resignedAccessToken } from "../support/oauth-tokens.ts";

/**
 * Issue 14, finding 1 (docs/decisions/0018): a token may do only what the member's roles AND its scopes AND
 * its client allow. Account control (recovery contacts, second factor, sessions, consents, privacy, families,
 * guardians, linked identities, claiming a membership) is for the church's own first-party clients; a
 * third-party app gets at most the claims its scopes release. And the ASVS items: sensitive changes need a
 * sign-in of the last ten minutes (RFC 9470 step-up).
 */
callFromOwnIp();

const UUID = "00000000-0000-4000-8000-000000000000";

/** Every account-control route with the scope it needs and a body it would accept. */
const ACCOUNT_ROUTES: [method: string, path: string, scope: string, body?: unknown][] = [
  ["GET", "/api/v1/consents/me", "account:consents"],
  ["POST", "/api/v1/consents/me", "account:consents", { client_id: DEMO_APP.id, scopes: ["openid", "profile", "email", "phone", "offline_access"] }],
  ["DELETE", `/api/v1/consents/me/${UUID}`, "account:consents"],
  ["GET", "/api/v1/sessions/me", "account:sessions"],
  ["DELETE", "/api/v1/sessions/me", "account:sessions"],
  ["DELETE", `/api/v1/sessions/me/${UUID}`, "account:sessions"],
  ["GET", "/api/v1/users/me/security-events", "account:sessions"],
  ["GET", "/api/v1/users/me/mfa", "account:mfa"],
  ["DELETE", "/api/v1/users/me/mfa", "account:mfa", { code: "123456" }],
  ["POST", "/api/v1/users/me/mfa/setup", "account:mfa"],
  ["POST", "/api/v1/users/me/mfa/confirm", "account:mfa", { code: "123456" }],
  ["POST", "/api/v1/users/me/mfa/recovery-codes", "account:mfa", { code: "123456" }],
  ["GET", "/api/v1/users/me/passkeys", "account:mfa"],
  ["POST", "/api/v1/users/me/passkeys/registration-options", "account:mfa"],
  ["PATCH", `/api/v1/users/me/passkeys/${UUID}`, "account:mfa", { name: "Phone" }],
  ["DELETE", `/api/v1/users/me/passkeys/${UUID}`, "account:mfa"],
  ["GET", "/api/v1/users/me/recovery-contacts", "account:recovery"],
  ["POST", "/api/v1/users/me/recovery-contacts", "account:recovery", { value: "attacker@example.net" }],
  ["DELETE", `/api/v1/users/me/recovery-contacts/${UUID}`, "account:recovery"],
  ["POST", `/api/v1/users/me/recovery-contacts/${UUID}/verify`, "account:recovery", { code: "123456" }],
  ["POST", `/api/v1/users/me/recovery-contacts/${UUID}/resend`, "account:recovery"],
  ["GET", "/api/v1/users/me/phone", "account:recovery"],
  ["POST", "/api/v1/users/me/phone", "account:recovery", { phone: "+12025550142" }],
  ["POST", "/api/v1/users/me/phone/verify", "account:recovery", { code: "123456" }],
  ["GET", "/api/v1/privacy/data-requests/me", "account:privacy"],
  ["POST", "/api/v1/privacy/data-requests/me", "account:privacy", { type: "deletion" }],
  ["POST", `/api/v1/privacy/data-requests/me/${UUID}/cancel`, "account:privacy"],
  ["GET", `/api/v1/privacy/data-requests/me/${UUID}/download`, "account:privacy"],
  ["POST", "/api/v1/families/join", "account:family", { code: "ABCDE-23456" }],
  ["GET", "/api/v1/families/me", "account:family"],
  ["POST", "/api/v1/families/me/code", "account:family"],
  ["GET", "/api/v1/users/me/dependents", "account:dependents"],
  ["DELETE", `/api/v1/users/me/dependents/${UUID}/consent/${UUID}`, "account:dependents"],
  ["GET", "/api/v1/users/me/linked-identities", "account:linked-identities"],
  ["DELETE", `/api/v1/users/me/linked-identities/${UUID}`, "account:linked-identities"],
  ["POST", "/oauth/federated/link/finalize", "account:linked-identities", { code: "a".repeat(43) }],
  ["POST", "/api/v1/users/me/membership/ranked-search", "account:membership", { query: "Member" }],
  ["POST", "/api/v1/users/me/membership/challenge", "account:membership", { membership_id: "mbr_unknown" }],
  ["POST", "/api/v1/users/me/membership/verify", "account:membership", { membership_id: "mbr_unknown", code: "123456" }],
  ["POST", "/api/v1/users/me/membership/suggest", "account:membership", { membership_id: "mbr_unknown" }],
];

/** What a member's account holds that account control could change. */
async function accountState(member: TestMember): Promise<unknown> {
  const [row] = await sql(
    `SELECT (SELECT count(*)::int FROM recovery_contact WHERE user_id = a.id) AS contacts,
            (SELECT count(*)::int FROM totp_credential WHERE user_id = a.id) AS totp,
            (SELECT count(*)::int FROM data_request WHERE user_id = a.id) AS data_requests,
            (SELECT count(*)::int FROM session WHERE user_id = a.id AND revoked_at IS NULL) AS live_sessions,
            (SELECT array_agg(scopes::text ORDER BY client_id) FROM consent WHERE user_id = a.id) AS consents,
            a.phone, a.password_hash
       FROM account a WHERE a.id = $1`,
    [member.id],
  );
  return row;
}

test("a third-party app's token, even with every scope a third party may hold, is refused on every account-control route, naming the scope, and changes nothing", async () => {
  const member = await createTestMember("lp-every-route");
  const app = (await tokensFor(member, { scope: "openid profile email phone offline_access membership" })).access_token;
  const before = await accountState(member);
  for (const [method, path, scope, body] of ACCOUNT_ROUTES) {
    const answer = await api(method, path, app, { body });
    expect(answer.status, `${method} ${path}`).toBe(403);
    expect(answer.body, `${method} ${path}`).toEqual({ error: "forbidden", error_description: `missing scope ${scope}` });
    expect(answer.headers.get("www-authenticate"), `${method} ${path}`).toBe(`Bearer error="insufficient_scope", scope="${scope}", error_description="missing scope ${scope}"`);
  }
  expect(await accountState(member)).toEqual(before);
  // What the app was allowed still answers: its claims, and the membership it may read.
  expect((await api("GET", "/api/v1/users/me", app)).status).toBe(200);
  expect((await api("GET", "/api/v1/users/me/membership", app)).status).toBe(200);
});

test("the takeover chain is closed: an openid-only app cannot add a recovery contact, so a password reset never reaches the attacker", async () => {
  const victim = await createTestMember("lp-takeover");
  const app = (await tokensFor(victim, { scope: "openid" })).access_token;
  const attacker = uniqueContactEmail("attacker");

  // 1. The profile: no email or phone for an openid-only token.
  expect((await api("GET", "/api/v1/users/me", app)).body).toEqual({ id: victim.id });
  // 2. The attacker's address as a recovery contact, then its code: both refused.
  const added = await api("POST", "/api/v1/users/me/recovery-contacts", app, { body: { value: attacker } });
  expect(added.status).toBe(403);
  expect(added.body).toEqual({ error: "forbidden", error_description: "missing scope account:recovery" });
  expect(await sql(`SELECT 1 FROM recovery_contact WHERE user_id = $1`, [victim.id])).toEqual([]);
  expect(await messagesTo(attacker)).toEqual([]);
  // 3. Signed out, "forgot password" for the victim's address: nothing can go to the attacker.
  const browser = new OAuthBrowser();
  const { html } = await browser.page("/forgot-password");
  await browser.fetch("/auth/forgot-password", { form: { ...hiddenInputs(html), email: victim.email }, headers: { accept: "application/json" } });
  expect(await messagesTo(attacker)).toEqual([]);
  // 4. Nor can the app sign the member out elsewhere, schedule the deletion, or take the data.
  for (const [method, path, body] of [
    ["DELETE", "/api/v1/sessions/me", undefined],
    ["POST", "/api/v1/privacy/data-requests/me", { type: "deletion" }],
    ["POST", "/api/v1/privacy/data-requests/me", { type: "export" }],
  ] as const) {
    expect((await api(method, path, app, { body })).status, `${method} ${path}`).toBe(403);
  }
  expect(await sql(`SELECT 1 FROM data_request WHERE user_id = $1`, [victim.id])).toEqual([]);
});

test("a third-party app can never be granted account control: asking for it at the authorization endpoint is invalid_scope", async () => {
  for (const scope of ["openid account:recovery", "openid account:consents", "openid staff"]) {
    const outcome = await new OAuthBrowser().authorize(authorizeUrl({ scope }, (await pkce()).challenge));
    expect(outcome.error, scope).toBe("invalid_scope");
    expect(outcome.errorDescription, scope).toBe(`scope not allowed for this client: ${scope.split(" ")[1]}`);
  }
});

test("the portal's token is narrowed by its own scopes: a portal token without account:recovery cannot add a contact", async () => {
  const member = await createTestMember("lp-portal-narrow");
  const narrow = (await portalTokensFor(member, "openid profile account:sessions")).access_token;
  expect((await api("GET", "/api/v1/sessions/me", narrow)).status).toBe(200);
  expect((await api("POST", "/api/v1/users/me/recovery-contacts", narrow, { body: { value: uniqueContactEmail("narrow") } })).body).toEqual({
    error: "forbidden",
    error_description: "missing scope account:recovery",
  });
});

test("a scope the client is no longer registered for, or a first-party flag taken away, stops counting at once", async () => {
  // A first-party client of this test's own (the portal's redirect URI and secret), so changing it touches no other test.
  const id = `lp-own-${randomBytes(4).toString("hex")}`;
  await sql(
    `INSERT INTO client (id, name, type, secret_hash, redirect_uris, post_logout_redirect_uris, grant_types, scopes, first_party)
     SELECT $1, 'Own first-party app', type, secret_hash, redirect_uris, '{}', grant_types, scopes, true FROM client WHERE id = 'portal'`,
    [id],
  );
  const member = await createTestMember("lp-registration-shrinks");
  const { code, verifier } = await codeFor(member, { client_id: id, redirect_uri: PORTAL_CLIENT.redirectUri, scope: PORTAL_SCOPE }, undefined, {
    ownRedirectUri: PORTAL_CLIENT.redirectUri,
  });
  const { access_token: token } = await exchangeCode(code, verifier, PORTAL_CLIENT.redirectUri, { id, secret: PORTAL_CLIENT.secret });
  expect((await api("GET", "/api/v1/sessions/me", token)).status).toBe(200);
  expect((await api("GET", "/api/v1/users/me", token)).body).toHaveProperty("roles");

  await sql(`UPDATE client SET scopes = array_remove(scopes, 'account:sessions') WHERE id = $1`, [id]);
  expect((await api("GET", "/api/v1/sessions/me", token)).body).toEqual({ error: "forbidden", error_description: "missing scope account:sessions" });
  expect((await api("GET", "/api/v1/users/me/mfa", token)).status).toBe(200);

  await sql(`UPDATE client SET first_party = false WHERE id = $1`, [id]);
  expect((await api("GET", "/api/v1/users/me/mfa", token)).body).toEqual({ error: "forbidden", error_description: "missing scope account:mfa" });
  expect((await api("GET", "/api/v1/users/me", token)).body).not.toHaveProperty("roles");

  await sql(`UPDATE client SET disabled_at = now() WHERE id = $1`, [id]);
  expect((await api("GET", "/api/v1/users/me", token)).body).toEqual({ error: "invalid_token", error_description: "the access token has been revoked" });
});

/** Sensitive changes and a body each would accept (ASVS V3.7.1): a sign-in of the last ten minutes. */
const SENSITIVE: [method: string, path: string, body?: unknown][] = [
  ["POST", "/api/v1/users/me/recovery-contacts", { value: "helper@example.net" }],
  ["DELETE", `/api/v1/users/me/recovery-contacts/${UUID}`],
  ["POST", "/api/v1/users/me/phone", { phone: "+12025550143" }],
  ["POST", "/api/v1/users/me/mfa/setup"],
  ["POST", "/api/v1/users/me/mfa/confirm", { code: "123456" }],
  ["DELETE", "/api/v1/users/me/mfa", { code: "123456" }],
  ["POST", "/api/v1/users/me/mfa/recovery-codes", { code: "123456" }],
  ["POST", "/api/v1/users/me/passkeys/registration-options"],
  ["DELETE", `/api/v1/users/me/passkeys/${UUID}`],
  ["DELETE", `/api/v1/users/me/linked-identities/${UUID}`],
  ["POST", "/oauth/federated/link/finalize", { code: "a".repeat(43) }],
  ["POST", "/api/v1/privacy/data-requests/me", { type: "deletion" }],
];

test("sensitive changes need a sign-in of the last ten minutes: an older one gets RFC 9470's step-up challenge and changes nothing", async () => {
  const { member, token } = await memberWithToken("lp-step-up");
  const elevenMinutesAgo = Math.floor(Date.now() / 1000) - 11 * 60;
  const stale = await resignedAccessToken(token, { auth_time: elevenMinutesAgo });
  const before = await accountState(member);
  for (const [method, path, body] of SENSITIVE) {
    const answer = await api(method, path, stale, { body });
    expect(answer.status, `${method} ${path}`).toBe(401);
    expect(answer.body, `${method} ${path}`).toEqual({ error: "insufficient_user_authentication", error_description: "sign in again to make this change" });
    expect(answer.headers.get("www-authenticate"), `${method} ${path}`).toBe(
      'Bearer error="insufficient_user_authentication", error_description="sign in again to make this change", max_age=600',
    );
  }
  expect(await accountState(member)).toEqual(before);
  // Reading, and changes that are not sensitive, still work with the older sign-in; an export too.
  expect((await api("GET", "/api/v1/users/me/recovery-contacts", stale)).status).toBe(200);
  expect((await api("POST", "/api/v1/privacy/data-requests/me", stale, { body: { type: "export" } })).status).toBe(201);
  // A fresh sign-in makes the same change.
  expect((await api("POST", "/api/v1/users/me/recovery-contacts", token, { body: { value: uniqueContactEmail("fresh") } })).status).toBe(201);
});

test("the portal asks for every scope it needs: its token reaches each area", async () => {
  const { token } = await memberWithToken("lp-portal-scopes");
  expect(claims(token).scope).toBe(PORTAL_SCOPE);
  for (const path of ["/api/v1/consents/me", "/api/v1/sessions/me", "/api/v1/users/me/mfa", "/api/v1/users/me/recovery-contacts", "/api/v1/privacy/data-requests/me", "/api/v1/users/me/linked-identities", "/api/v1/users/me/membership"]) {
    expect((await api("GET", path, token)).status, path).toBe(200);
  }
});
