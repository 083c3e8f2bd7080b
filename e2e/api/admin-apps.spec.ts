import { expect, test } from "@playwright/test";
import { forbidden, staffWithToken, uniqueWord } from "../support/admin.ts";
import { api, callFromOwnIp, conflict, invalidRequest, memberWithToken } from "../support/contacts.ts";
import { sql } from "../support/database.ts";

/**
 * Registering apps through the staff API (issue 17, docs/decisions/0017): only an administrator (roles:write)
 * may register one of the church's own (first-party) apps, which may then hold account control and staff
 * scopes; a staff member asking for one is refused and nothing is written; a third-party app can never hold
 * them. A first-party app, once made, is changed only with npm run clients:register.
 */
callFromOwnIp();

const THIRD_PARTY_LIST = "openid, profile, email, phone, offline_access, membership";

async function clientsNamed(name: string) {
  return sql<{ id: string; first_party: boolean; scopes: string[] }>(`SELECT id, first_party, scopes FROM client WHERE name = $1`, [name]);
}

test("an administrator registers a first-party app with staff and account scopes; its secret once; it is then changed only on the server", async () => {
  const { token } = await staffWithToken("apps-admin", "admin");
  const name = `Office tool ${uniqueWord()}`;
  const created = await api("POST", "/api/v1/admin/clients", token, {
    body: { name, type: "confidential", redirect_uris: ["https://office.example.org/cb"], scopes: ["openid", "staff", "account:sessions"], first_party: true },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body).toMatchObject({ name, first_party: true, scopes: ["openid", "staff", "account:sessions"], client_secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
  const id: string = created.body.client_id;
  expect(await clientsNamed(name)).toEqual([{ id, first_party: true, scopes: ["openid", "staff", "account:sessions"] }]);
  const { client_secret: secret, ...client } = created.body;
  const read = await api("GET", `/api/v1/admin/clients/${id}`, token);
  expect(read.body).toEqual(client);
  expect(JSON.stringify(read.body)).not.toContain(secret);

  for (const [method, path, body] of [
    ["PATCH", `/api/v1/admin/clients/${id}`, { name: "Mine" }],
    ["POST", `/api/v1/admin/clients/${id}/disable`, undefined],
    ["POST", `/api/v1/admin/clients/${id}/rotate-secret`, undefined],
  ] as const) {
    expect((await api(method, path, token, { body })).body).toEqual(conflict("first-party clients are managed with npm run clients:register"));
  }

  // first_party: false is what every staff member may send.
  const plain = await api("POST", "/api/v1/admin/clients", token, { body: { name: `${name} web`, type: "public", redirect_uris: ["https://office.example.org/cb"], first_party: false } });
  expect(plain.status).toBe(201);
  expect(plain.body).toMatchObject({ first_party: false, client_secret: null });
});

test("a staff member without roles:write cannot register a first-party app (403) and nothing is written; third-party rules hold", async () => {
  const { token } = await staffWithToken("apps-staff");
  const name = `Not ours ${uniqueWord()}`;
  const refused = await api("POST", "/api/v1/admin/clients", token, {
    body: { name, type: "confidential", redirect_uris: ["https://office.example.org/cb"], first_party: true },
  });
  expect(refused.status).toBe(403);
  expect(refused.body).toEqual(forbidden("roles:write"));
  expect(await clientsNamed(name)).toEqual([]);

  const allowed = await api("POST", "/api/v1/admin/clients", token, { body: { name, type: "confidential", redirect_uris: ["https://office.example.org/cb"], first_party: false } });
  expect(allowed.status).toBe(201);
  expect(await clientsNamed(name)).toEqual([{ id: allowed.body.client_id, first_party: false, scopes: ["openid", "profile", "email"] }]);
});

test("register: each bad body is invalid_request naming the field, for staff and administrators alike, and writes nothing", async () => {
  const { token: staff } = await staffWithToken("apps-bad-staff");
  const { token: admin } = await staffWithToken("apps-bad-admin", "admin");
  const name = `Refused ${uniqueWord()}`;
  const base = { name, type: "confidential", redirect_uris: ["https://a.example/cb"] };
  const cases: [token: string, body: unknown, description: string][] = [
    [staff, { ...base, scopes: ["openid", "staff"] }, "scopes.1: staff is for the church’s own (first-party) apps only"],
    [admin, { ...base, scopes: ["account:mfa"] }, "scopes.0: account:mfa is for the church’s own (first-party) apps only"],
    [admin, { ...base, first_party: false, scopes: ["staff"] }, "scopes.0: staff is for the church’s own (first-party) apps only"],
    [admin, { ...base, scopes: ["admin"], first_party: true }, `scopes.0: each must be one of ${THIRD_PARTY_LIST}`],
    [admin, { ...base, first_party: "yes" }, "first_party: must be true or false"],
    [staff, { ...base, first_party: 1 }, "first_party: must be true or false"],
    [admin, { ...base, name: "" }, "name: must be from 1 to 100 characters"],
    [admin, { ...base, redirect_uris: ["http://a.example/cb"] }, "redirect_uris.0: must use https (http only on this device: 127.0.0.1, [::1] or localhost)"],
    [admin, { ...base, post_logout_redirect_uris: ["https://a.example/out#x"] }, "post_logout_redirect_uris.0: must not contain a fragment"],
    [admin, { ...base, backchannel_logout_uri: "http://a.example/logout" }, "backchannel_logout_uri: must use https (http only on this device: 127.0.0.1, [::1] or localhost)"],
    [admin, { ...base, grant_types: ["password"] }, "grant_types.0: each must be one of authorization_code, refresh_token, client_credentials, urn:ietf:params:oauth:grant-type:device_code"],
    [admin, { ...base, grant_types: [] }, "grant_types: must hold at least one grant type"],
    [admin, { ...base, scopes: [] }, "scopes: must hold at least one scope"],
    [admin, { ...base, type: "public", require_pkce: false }, "require_pkce: a public client always uses PKCE"],
  ];
  for (const [token, body, description] of cases) {
    const answer = await api("POST", "/api/v1/admin/clients", token, { body });
    expect(answer.status, description).toBe(400);
    expect(answer.body, description).toEqual(invalidRequest(description));
  }
  expect(await clientsNamed(name)).toEqual([]);
});

test("a member without clients:write, and a member token, are refused registering", async () => {
  const { token: memberToken } = await memberWithToken("apps-member");
  const body = { name: `Member app ${uniqueWord()}`, type: "public", redirect_uris: ["https://a.example/cb"], first_party: true };
  const answer = await api("POST", "/api/v1/admin/clients", memberToken, { body });
  expect(answer.status).toBe(403);
  expect(answer.body.error).toBe("forbidden");
  expect(await clientsNamed(body.name)).toEqual([]);
});
