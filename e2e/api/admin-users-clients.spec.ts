import { expect, test } from "@playwright/test";
import { createCampus, forbidden, staffWithToken, uniqueWord } from "../support/admin.ts";
import { api, callFromOwnIp, conflict, invalidRequest, memberWithToken, securityEvents } from "../support/contacts.ts";
import { sql } from "../support/database.ts";
import { OAuthBrowser } from "../support/oauth-browser.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { portalTokensFor, profileOf, tokenRequest, tokensFor } from "../support/oauth-client.ts";
import { DEMO_TOTP_SECRET } from "../../lib/demo/seed-identity.ts";

/**
 * Accounts, roles and OAuth clients through the staff API (docs/decisions/0017): list and search, disable
 * (sessions, grants and tokens revoked at once; no new sign-in) and enable, role assignment by an
 * administrator, clients registered with a secret shown once, edited, rotated and disabled. No answer ever
 * carries a password hash, client secret hash, TOTP secret or code.
 */
callFromOwnIp();

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const SECRET_WORDS = /password|secret_hash|secretHash|totp_secret|code_hash/i;

test("users: searched by email or name, answered without secrets, one by id", async () => {
  const { token } = await staffWithToken("adm-users");
  const { member } = await memberWithToken("adm-listed");
  const expected = {
    id: member.id,
    email: member.email,
    email_verified: true,
    given_name: "Test",
    family_name: "Member adm-listed",
    phone_number: null,
    roles: ["member"],
    mfa_enabled: false,
    disabled_at: null,
    created_at: expect.stringMatching(ISO),
  };
  const byEmail = await api("GET", `/api/v1/admin/users?q=${encodeURIComponent(member.email.toUpperCase())}`, token);
  expect(byEmail.body).toEqual({ metadata: { total: 1, page: 1, per: 20 }, items: [expected] });
  expect(JSON.stringify(byEmail.body)).not.toMatch(SECRET_WORDS);
  // The detail adds the household and the register record (e2e/api/admin-people.spec.ts).
  expect((await api("GET", `/api/v1/admin/users/${member.id}`, token)).body).toEqual({ ...expected, household: null, membership_record: null });
  const totp = await api("GET", "/api/v1/admin/users?q=totp%40example.org", token);
  expect(totp.body.items[0]).toMatchObject({ email: "totp@example.org", mfa_enabled: true });
  expect(JSON.stringify(totp.body)).not.toMatch(SECRET_WORDS);
  const sorted = await api("GET", "/api/v1/admin/users?q=example.org&sort=-email&per=100", token);
  const emails = sorted.body.items.map((item: { email: string }) => item.email);
  expect(emails).toEqual([...emails].sort().reverse());
});

test("disable: sessions, refresh tokens and access tokens revoked at once, sign-in refused; enable: sign-in works again", async () => {
  const { member: staff, token } = await staffWithToken("adm-disabler");
  const { member, token: memberToken, tokens } = await memberWithToken("adm-disabled");
  expect((await profileOf(memberToken)).status).toBe(200);

  const disabled = await api("POST", `/api/v1/admin/users/${member.id}/disable`, token);
  expect(disabled.status).toBe(200);
  expect(disabled.body).toMatchObject({ id: member.id, disabled_at: expect.stringMatching(ISO) });
  expect((await profileOf(memberToken)).status).toBe(401);
  const refreshed = await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token! });
  expect(refreshed.status).toBe(400);
  expect(refreshed.body).toMatchObject({ error: "invalid_grant" });
  expect(await sql(`SELECT id FROM session WHERE user_id = $1 AND revoked_at IS NULL`, [member.id])).toEqual([]);
  const signIn = await new OAuthBrowser().postSignIn(null, member.email, member.password);
  expect(signIn.status).toBe(403);
  expect(await signIn.json()).toMatchObject({ error: "account_disabled", error_description: "This account has been disabled. Please contact the church office." });
  expect(await sql(`SELECT id FROM session WHERE user_id = $1 AND revoked_at IS NULL`, [member.id])).toEqual([]);
  // Again: the same answer, nothing more happens.
  expect((await api("POST", `/api/v1/admin/users/${member.id}/disable`, token)).body.disabled_at).toBe(disabled.body.disabled_at);
  expect((await api("GET", `/api/v1/admin/users?q=${member.email}&status=disabled`, token)).body.metadata.total).toBe(1);
  expect((await api("GET", `/api/v1/admin/users?q=${member.email}&status=active`, token)).body.metadata.total).toBe(0);

  const enabled = await api("POST", `/api/v1/admin/users/${member.id}/enable`, token);
  expect(enabled.body).toMatchObject({ id: member.id, disabled_at: null });
  const again = await tokensFor(member);
  expect((await profileOf(again.access_token)).status).toBe(200);
  expect((await securityEvents(member.id)).map((event) => event.type)).toEqual(expect.arrayContaining(["account_disabled", "account_enabled"]));
  expect((await securityEvents(member.id)).find((event) => event.type === "account_disabled")?.detail).toEqual({ by: staff.id });

  const self = await api("POST", `/api/v1/admin/users/${staff.id}/disable`, token);
  expect(self.status).toBe(409);
  expect(self.body).toEqual(conflict("you cannot disable your own account"));
});

test("roles: an administrator sets them, the permissions change on the next call; guardian, unknown roles and self-lockout refused", async () => {
  const { member: admin, token } = await staffWithToken("adm-roles", "admin");
  // A portal token: staff rights count only on tokens of the church's own first-party clients.
  const member = await createTestMember("adm-promoted", { totpSecret: DEMO_TOTP_SECRET });
  const memberToken = (await portalTokensFor(member)).access_token;
  expect((await api("GET", "/api/v1/admin/events?per=1", memberToken)).body).toEqual(forbidden("events:read"));

  const set = await api("PUT", `/api/v1/admin/users/${member.id}/roles`, token, { body: { roles: ["staff", "member", "staff"] } });
  expect(set.status).toBe(200);
  expect(set.body.roles).toEqual(["member", "staff"]);
  expect((await api("GET", "/api/v1/admin/events?per=1", memberToken)).status).toBe(200);
  const back = await api("PUT", `/api/v1/admin/users/${member.id}/roles`, token, { body: { roles: ["member"] } });
  expect(back.body.roles).toEqual(["member"]);
  expect((await api("GET", "/api/v1/admin/events?per=1", memberToken)).body).toEqual(forbidden("events:read"));
  expect((await securityEvents(member.id)).filter((event) => event.type === "roles_changed").map((event) => event.detail)).toEqual([
    { by: admin.id, before: ["member"], after: ["member", "staff"] },
    { by: admin.id, before: ["member", "staff"], after: ["member"] },
  ]);

  const cases: [body: unknown, description: string][] = [
    [{ roles: ["pope"] }, "roles: no role named pope"],
    [{ roles: ["guardian"] }, "roles: guardian comes from guardianships and cannot be assigned"],
    [{ roles: "staff" }, "roles: must be a list of role names"],
    [{ roles: ["Staff!"] }, "roles.0: must be role names"],
    [{}, "roles: must be a list of role names"],
  ];
  for (const [body, description] of cases) {
    expect((await api("PUT", `/api/v1/admin/users/${member.id}/roles`, token, { body })).body, description).toEqual(invalidRequest(description));
  }
  expect((await api("PUT", `/api/v1/admin/users/${admin.id}/roles`, token, { body: { roles: ["staff", "member"] } })).body).toEqual(
    conflict("you cannot take roles:write away from yourself"),
  );
  const roles = await api("GET", "/api/v1/admin/roles", token);
  expect(roles.body.items.map((role: { name: string }) => role.name)).toEqual(expect.arrayContaining(["admin", "guardian", "member", "staff"]));
  expect(roles.body.items.find((role: { name: string }) => role.name === "admin")).toEqual({
    name: "admin",
    description: "Administrators: everything staff do, assigning roles and reading the audit log",
    permissions: expect.arrayContaining(["roles:write", "events:write", "users:write"]),
    assignable: true,
  });
  expect(roles.body.items.find((role: { name: string }) => role.name === "guardian").assignable).toBe(false);
});

const HTTPS_ONLY = "must use https (http only on this device: 127.0.0.1, [::1] or localhost)";

test("clients: redirect and post-logout URIs must be https, http only on loopback (RFC 8252), with no user name; when made and when edited (issue 14)", async () => {
  const { token } = await staffWithToken("adm-client-uris");
  const body = (uris: { redirect_uris?: string[]; post_logout_redirect_uris?: string[] }) => ({
    name: `Parish app ${uniqueWord()}`,
    type: "public",
    redirect_uris: ["https://app.example.net/callback"],
    ...uris,
  });
  const refused: [uris: Parameters<typeof body>[0], description: string][] = [
    [{ redirect_uris: ["http://app.example.net/callback"] }, `redirect_uris.0: ${HTTPS_ONLY}`],
    [{ redirect_uris: ["https://app.example.net/callback", "http://192.168.1.20/callback"] }, `redirect_uris.1: ${HTTPS_ONLY}`],
    [{ redirect_uris: ["http://127.0.0.2/callback"] }, `redirect_uris.0: ${HTTPS_ONLY}`],
    [{ post_logout_redirect_uris: ["http://app.example.net/"] }, `post_logout_redirect_uris.0: ${HTTPS_ONLY}`],
    [{ redirect_uris: ["https://church.example@evil.example/callback"] }, "redirect_uris.0: must not contain a user name or password"],
    [{ post_logout_redirect_uris: ["https://app.example.net/#signed-out"] }, "post_logout_redirect_uris.0: must not contain a fragment"],
  ];
  for (const [uris, description] of refused) {
    const answer = await api("POST", "/api/v1/admin/clients", token, { body: body(uris) });
    expect(answer.status, description).toBe(400);
    expect(answer.body, description).toEqual(invalidRequest(description));
  }
  const loopback = ["http://127.0.0.1:7171/callback", "http://[::1]:7171/callback", "http://localhost:7171/callback"];
  const created = await api("POST", "/api/v1/admin/clients", token, { body: body({ redirect_uris: loopback, post_logout_redirect_uris: ["http://127.0.0.1:7171/"] }) });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ redirect_uris: loopback, post_logout_redirect_uris: ["http://127.0.0.1:7171/"] });

  const id: string = created.body.client_id;
  for (const [uris, description] of refused) {
    const answer = await api("PATCH", `/api/v1/admin/clients/${id}`, token, { body: uris });
    expect(answer.body, description).toEqual(invalidRequest(description));
  }
  expect((await api("GET", `/api/v1/admin/clients/${id}`, token)).body).toMatchObject({ redirect_uris: loopback, post_logout_redirect_uris: ["http://127.0.0.1:7171/"] });
});

test("clients: registered with a secret shown once, listed without it, edited, rotated and disabled, each at once", async () => {
  const { token } = await staffWithToken("adm-clients");
  const name = `Parish app ${uniqueWord()}`;
  const created = await api("POST", "/api/v1/admin/clients", token, {
    body: { name, type: "confidential", redirect_uris: ["https://app.example.net/callback"], grant_types: ["authorization_code", "refresh_token", "client_credentials"] },
  });
  expect(created.status).toBe(201);
  const client = {
    client_id: expect.stringMatching(/^cl_[A-Za-z0-9_-]{16}$/),
    name,
    type: "confidential",
    redirect_uris: ["https://app.example.net/callback"],
    post_logout_redirect_uris: [],
    grant_types: ["authorization_code", "refresh_token", "client_credentials"],
    scopes: ["openid", "profile", "email"],
    first_party: false,
    require_pkce: true,
    require_nonce_without_pkce: true,
    backchannel_logout_uri: null,
    backchannel_logout_session_required: false,
    require_pushed_authorization_requests: false,
    dpop_bound_access_tokens: false,
    created_at: expect.stringMatching(ISO),
    disabled_at: null,
    // Not a check-in kiosk's client: no campus, no networks (issue 36).
    check_in_campus: null,
    allowed_networks: [],
  };
  expect(created.body).toEqual({ ...client, client_secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
  const id: string = created.body.client_id;
  const secret: string = created.body.client_secret;
  const credentials = (clientSecret: string) => tokenRequest({ grant_type: "client_credentials", scope: "email" }, { id, secret: clientSecret });
  expect((await credentials(secret)).status).toBe(200);

  const listed = await api("GET", `/api/v1/admin/clients?q=${encodeURIComponent(name)}`, token);
  expect(listed.body).toEqual({ metadata: { total: 1, page: 1, per: 20 }, items: [{ ...client, client_id: id }] });
  expect(JSON.stringify(listed.body)).not.toContain(secret);
  expect(JSON.stringify((await api("GET", `/api/v1/admin/clients/${id}`, token)).body)).not.toMatch(SECRET_WORDS);

  const edited = await api("PATCH", `/api/v1/admin/clients/${id}`, token, { body: { redirect_uris: ["https://app.example.net/cb2"], scopes: ["openid", "email"] } });
  expect(edited.body).toEqual({ ...client, client_id: id, redirect_uris: ["https://app.example.net/cb2"], scopes: ["openid", "email"] });

  // Its OpenID library sends a nonce, not PKCE (decision 0006): staff relax the policy, and restore it.
  expect((await api("PATCH", `/api/v1/admin/clients/${id}`, token, { body: { require_pkce: false } })).body).toMatchObject({ client_id: id, require_pkce: false });
  expect((await api("PATCH", `/api/v1/admin/clients/${id}`, token, { body: { require_pkce: true } })).body).toMatchObject({ client_id: id, require_pkce: true });

  const rotated = await api("POST", `/api/v1/admin/clients/${id}/rotate-secret`, token);
  expect(rotated.status).toBe(200);
  expect(rotated.body.client_secret).not.toBe(secret);
  // The new secret works at once; the old one stops when the token endpoint's 5 s client cache lapses
  // (decision 0008). Polled for longer than that, so a loaded machine's slow answers cannot fail it.
  expect((await credentials(rotated.body.client_secret)).status).toBe(200);
  await expect.poll(async () => (await credentials(secret)).status, { timeout: 20_000, intervals: [500] }).toBe(401);

  const disabled = await api("POST", `/api/v1/admin/clients/${id}/disable`, token);
  expect(disabled.body.disabled_at).toMatch(ISO);
  await expect.poll(async () => (await credentials(rotated.body.client_secret)).status, { timeout: 20_000, intervals: [500] }).toBe(401);

  const publicClient = await api("POST", "/api/v1/admin/clients", token, { body: { name: "Public", type: "public", redirect_uris: ["http://localhost:9/cb"] } });
  expect(publicClient.body.client_secret).toBeNull();
  expect((await api("POST", `/api/v1/admin/clients/${publicClient.body.client_id}/rotate-secret`, token)).body).toEqual(conflict("a public client has no secret"));
  expect((await api("PATCH", `/api/v1/admin/clients/${publicClient.body.client_id}`, token, { body: { require_pkce: false } })).body).toEqual(
    invalidRequest("require_pkce: a public client always uses PKCE"),
  );
  for (const [method, path, body] of [
    ["PATCH", "/api/v1/admin/clients/portal", { name: "Mine" }],
    ["POST", "/api/v1/admin/clients/portal/disable", undefined],
    ["POST", "/api/v1/admin/clients/portal/rotate-secret", undefined],
  ] as const) {
    expect((await api(method, path, token, { body })).body).toEqual(conflict("first-party clients are managed with npm run clients:register"));
  }

  const cases: [body: unknown, description: string][] = [
    [{ name: "X", type: "secret", redirect_uris: ["https://a.example/cb"] }, "type: must be confidential or public"],
    [{ name: "X", type: "public", redirect_uris: [] }, "redirect_uris: must hold at least one URL"],
    [{ name: "X", type: "public", redirect_uris: ["https://a.example/cb#frag"] }, "redirect_uris.0: must not contain a fragment"],
    [{ name: "X", type: "public", redirect_uris: ["ftp://a.example/cb"] }, `redirect_uris.0: ${HTTPS_ONLY}`],
    [{ name: "X", type: "public", redirect_uris: ["not a url"] }, "redirect_uris.0: must be an absolute URL"],
    [{ name: "X", type: "public", redirect_uris: [7] }, "redirect_uris.0: must be URLs"],
    [{ name: "X", type: "public", redirect_uris: ["https://a.example/cb"], grant_types: ["client_credentials"] }, "grant_types: client_credentials needs a confidential client"],
    [{ name: "X", type: "public", redirect_uris: ["https://a.example/cb"], scopes: ["admin"] }, "scopes.0: each must be one of openid, profile, email, phone, offline_access, membership"],
    [{ name: "X", type: "public", redirect_uris: ["https://a.example/cb"], owner: "me" }, 'Unrecognized key: "owner"'],
    [{ name: "X", type: "public", redirect_uris: ["https://a.example/cb"], require_pkce: false }, "require_pkce: a public client always uses PKCE"],
    [{ name: "X", type: "confidential", redirect_uris: ["https://a.example/cb"], require_pkce: "no" }, "require_pkce: must be true or false"],
  ];
  for (const [body, description] of cases) {
    expect((await api("POST", "/api/v1/admin/clients", token, { body })).body, description).toEqual(invalidRequest(description));
  }
  expect((await api("PATCH", `/api/v1/admin/clients/${id}`, token, { body: {} })).body).toEqual(invalidRequest("the body must change at least one field"));
});

test("clients: an administrator registers a lobby check-in kiosk bound to a campus; staff may not, and a kiosk without its campus, an unknown campus or a campus on another app is refused (issue 38)", async () => {
  const { token: admin } = await staffWithToken("adm-kiosk-admin", "admin");
  const { token: staff } = await staffWithToken("adm-kiosk-staff");
  const campus = await createCampus(admin, `Campus ${uniqueWord()}`, "Europe/London");
  const name = `Lobby ${uniqueWord()}`;
  const kiosk = (campusId: unknown) => ({
    name,
    type: "public",
    grant_types: ["urn:ietf:params:oauth:grant-type:device_code", "refresh_token"],
    scopes: ["openid", "check-in:kiosk"],
    first_party: true,
    check_in_campus_id: campusId,
  });
  const written = () => sql<{ id: string; check_in_campus_id: string | null; first_party: boolean }>(`SELECT id, check_in_campus_id, first_party FROM client WHERE name = $1`, [name]);

  const refusals: [token: string, body: unknown, status: number, answer: unknown][] = [
    [staff, kiosk(campus.id), 403, forbidden("roles:write")],
    [admin, { ...kiosk(campus.id), first_party: false }, 400, invalidRequest("scopes.1: check-in:kiosk is for the church’s own (first-party) apps only")],
    [admin, kiosk(null), 400, invalidRequest("check_in_campus_id: a kiosk (scope check-in:kiosk) needs the campus it serves")],
    [admin, kiosk("cmp_nowhere"), 400, invalidRequest("check_in_campus_id: no such campus")],
    [admin, kiosk(7), 400, invalidRequest("check_in_campus_id: must be a campus id")],
    [
      admin,
      { name, type: "confidential", redirect_uris: ["https://a.example/cb"], check_in_campus_id: campus.id },
      400,
      invalidRequest("check_in_campus_id: only a check-in kiosk's app (scope check-in:kiosk) serves a campus"),
    ],
    [
      admin,
      { ...kiosk(campus.id), grant_types: ["refresh_token"] },
      400,
      invalidRequest("grant_types: a check-in kiosk is set up with a code: it needs urn:ietf:params:oauth:grant-type:device_code"),
    ],
  ];
  for (const [token, body, status, answer] of refusals) {
    const refused = await api("POST", "/api/v1/admin/clients", token, { body });
    expect({ status: refused.status, body: refused.body }, JSON.stringify(body)).toEqual({ status, body: answer });
  }
  expect(await written()).toEqual([]);

  const created = await api("POST", "/api/v1/admin/clients", admin, { body: kiosk(campus.id) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body).toMatchObject({
    name,
    type: "public",
    first_party: true,
    redirect_uris: [],
    grant_types: ["urn:ietf:params:oauth:grant-type:device_code", "refresh_token"],
    scopes: ["openid", "check-in:kiosk"],
    check_in_campus: { id: campus.id, name: campus.name },
    allowed_networks: [],
    client_secret: null,
  });
  const id: string = created.body.client_id;
  expect(await written()).toEqual([{ id, check_in_campus_id: campus.id, first_party: true }]);
  const client = { ...created.body };
  delete client.client_secret;
  expect((await api("GET", `/api/v1/admin/clients/${id}`, staff)).body).toEqual(client);
  // Its campus networks are the one thing staff change on it afterwards.
  expect((await api("PATCH", `/api/v1/admin/clients/${id}`, staff, { body: { allowed_networks: ["203.0.113.0/24"] } })).body).toEqual({ ...client, allowed_networks: ["203.0.113.0/24"] });
  expect((await api("PATCH", `/api/v1/admin/clients/${id}`, admin, { body: { name: "Renamed" } })).body).toEqual(conflict("first-party clients are managed with npm run clients:register"));
});
