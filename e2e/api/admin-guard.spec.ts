import { expect, test } from "@playwright/test";
import { forbidden, staffWithToken } from "../support/admin.ts";
import { api, callFromOwnIp, invalidRequest, memberWithToken, notFound, refusedTokens } from "../support/contacts.ts";
import { sql } from "../support/database.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { OAuthBrowser } from "../support/oauth-browser.ts";
import { authorizeUrl, pkce, portalTokensFor, tokensFor } from "../support/oauth-client.ts";

/**
 * The guard of every staff route under /api/v1/admin (docs/decisions/0017): no token is `invalid_token`; a
 * member without the route's own permission is `forbidden` naming it, and so is a staff member's token of a
 * third-party app (staff rights count only on first-party tokens); staff without `roles:write` cannot
 * assign roles; every refused token kind is refused; ids that do not exist are `not_found`; every list
 * validates `page`, `per`, `sort`, `q` and refuses unknown parameters, naming the field. Every answer is
 * checked against the OpenAPI document (callApi).
 */
callFromOwnIp();

const UNKNOWN_UUID = "00000000-0000-4000-8000-0000000000ff";

/** Every route and method, with the permission it needs and a path whose id does not exist. */
const ROUTES: [method: string, path: string, permission: string, missing?: string][] = [
  ["GET", "/api/v1/admin/events", "events:read"],
  ["POST", "/api/v1/admin/events", "events:write"],
  ["GET", "/api/v1/admin/events/evt_doesnotexist", "events:read", "event"],
  ["PATCH", "/api/v1/admin/events/evt_doesnotexist", "events:write", "event"],
  ["POST", "/api/v1/admin/events/evt_doesnotexist/publish", "events:write", "event"],
  ["POST", "/api/v1/admin/events/evt_doesnotexist/cancel", "events:write", "event"],
  ["POST", "/api/v1/admin/events/evt_doesnotexist/postpone", "events:write", "event"],
  ["GET", "/api/v1/admin/ministries", "events:read"],
  ["POST", "/api/v1/admin/ministries", "events:write"],
  ["GET", "/api/v1/admin/campuses", "events:read"],
  ["POST", "/api/v1/admin/campuses", "events:write"],
  ["GET", "/api/v1/admin/users", "users:read"],
  ["GET", `/api/v1/admin/users/${UNKNOWN_UUID}`, "users:read", "user"],
  ["POST", `/api/v1/admin/users/${UNKNOWN_UUID}/disable`, "users:write", "user"],
  ["POST", `/api/v1/admin/users/${UNKNOWN_UUID}/enable`, "users:write", "user"],
  ["PUT", `/api/v1/admin/users/${UNKNOWN_UUID}/roles`, "roles:write", "user"],
  ["GET", "/api/v1/admin/roles", "users:read"],
  ["GET", "/api/v1/admin/clients", "clients:read"],
  ["POST", "/api/v1/admin/clients", "clients:write"],
  ["GET", "/api/v1/admin/clients/no-such-client", "clients:read", "client"],
  ["PATCH", "/api/v1/admin/clients/no-such-client", "clients:write", "client"],
  ["POST", "/api/v1/admin/clients/no-such-client/rotate-secret", "clients:write", "client"],
  ["POST", "/api/v1/admin/clients/no-such-client/disable", "clients:write", "client"],
  ["GET", "/api/v1/admin/membership/records", "membership:read"],
  ["GET", "/api/v1/admin/membership/records/mbr_doesnotexist", "membership:read", "membership record"],
  ["GET", "/api/v1/admin/membership/suggestions", "membership:read"],
  ["POST", `/api/v1/admin/membership/suggestions/${UNKNOWN_UUID}/approve`, "membership:write", "membership suggestion"],
  ["POST", `/api/v1/admin/membership/suggestions/${UNKNOWN_UUID}/reject`, "membership:write", "membership suggestion"],
  ["GET", "/api/v1/admin/families", "families:read"],
  ["GET", `/api/v1/admin/families/${UNKNOWN_UUID}`, "families:read", "family"],
  ["GET", "/api/v1/admin/guardianships", "families:read"],
  ["POST", "/api/v1/admin/guardianships", "families:write"],
  ["POST", `/api/v1/admin/guardianships/${UNKNOWN_UUID}/end`, "families:write", "guardianship"],
];

/** A body each write route accepts, so not_found is about the id alone. */
const VALID_BODIES: Record<string, unknown> = {
  "PATCH /api/v1/admin/events/evt_doesnotexist": { title: "Renamed" },
  [`PUT /api/v1/admin/users/${UNKNOWN_UUID}/roles`]: { roles: ["member"] },
  "PATCH /api/v1/admin/clients/no-such-client": { name: "Renamed" },
};

const LISTS = [
  "/api/v1/admin/events",
  "/api/v1/admin/ministries",
  "/api/v1/admin/campuses",
  "/api/v1/admin/users",
  "/api/v1/admin/roles",
  "/api/v1/admin/clients",
  "/api/v1/admin/membership/records",
  "/api/v1/admin/membership/suggestions",
  "/api/v1/admin/families",
  "/api/v1/admin/guardianships",
];

test("every admin route: no token is invalid_token, a member without the permission is forbidden naming it", async () => {
  const { token } = await memberWithToken("adm-guard");
  for (const [method, path, permission] of ROUTES) {
    const anonymous = await api(method, path, null, { body: method === "GET" ? undefined : {} });
    expect(anonymous.status, `${method} ${path}`).toBe(401);
    expect(anonymous.body).toEqual({ error: "invalid_token", error_description: "an access token is required" });
    expect(anonymous.headers.get("www-authenticate")).toBe('Bearer error="invalid_token", error_description="an access token is required"');

    const member = await api(method, path, token, { body: method === "GET" ? undefined : {} });
    expect(member.status, `${method} ${path}`).toBe(403);
    expect(member.body).toEqual(forbidden(permission));
    expect(member.headers.get("cache-control")).toBe("no-store");
  }
});

test("a third-party app a staff member signed in to never gets their staff rights: the staff scope is for first-party clients only", async () => {
  const { member, token: portalToken } = await staffWithToken("adm-third-party", "admin");
  const thirdParty = (await tokensFor(member)).access_token;
  for (const [method, path] of ROUTES) {
    const answer = await api(method, path, thirdParty, { body: method === "GET" ? undefined : {} });
    expect(answer.status, `${method} ${path}`).toBe(403);
    expect(answer.body).toEqual({ error: "forbidden", error_description: "missing scope staff" });
    expect(answer.headers.get("www-authenticate")).toBe('Bearer error="insufficient_scope", scope="staff", error_description="missing scope staff"');
  }
  // The app asking for the staff scope is refused before any member sees it.
  const asked = await new OAuthBrowser().authorize(authorizeUrl({ scope: "openid staff" }, (await pkce()).challenge));
  expect(asked.error).toBe("invalid_scope");
  // The same member's profile answers the app (what its scopes release), and the portal's token still reaches the staff routes.
  expect((await api("GET", "/api/v1/users/me", thirdParty)).status).toBe(200);
  expect((await api("GET", "/api/v1/admin/events", portalToken)).status).toBe(200);
});

test("the portal's token without the staff scope, or of a sign-in without a second factor, gets no staff rights", async () => {
  const { member } = await staffWithToken("adm-narrow", "admin");
  const narrow = (await portalTokensFor(member, "openid profile account:sessions")).access_token;
  expect((await api("GET", "/api/v1/admin/events", narrow)).body).toEqual({ error: "forbidden", error_description: "missing scope staff" });

  // Staff without two-step sign-in: the permission is theirs, the sign-in is not strong enough (RFC 9470).
  const noSecondFactor = await createTestMember("adm-no-mfa");
  await sql(`INSERT INTO user_role (user_id, role_id) SELECT $1, id FROM role WHERE name = 'admin'`, [noSecondFactor.id]);
  const token = (await portalTokensFor(noSecondFactor)).access_token;
  for (const [method, path] of ROUTES) {
    const answer = await api(method, path, token, { body: method === "GET" ? undefined : {} });
    expect(answer.status, `${method} ${path}`).toBe(401);
    expect(answer.body).toEqual({ error: "insufficient_user_authentication", error_description: "staff tools need a sign-in with a second factor" });
    expect(answer.headers.get("www-authenticate")).toBe(
      'Bearer error="insufficient_user_authentication", error_description="staff tools need a sign-in with a second factor"',
    );
  }
});

test("staff hold every staff permission but roles:write; an administrator holds that too", async () => {
  const { token: staff } = await staffWithToken("adm-staff");
  const { token: admin } = await staffWithToken("adm-admin", "admin");
  const path = `/api/v1/admin/users/${UNKNOWN_UUID}/roles`;
  expect((await api("PUT", path, staff, { body: { roles: ["member"] } })).body).toEqual(forbidden("roles:write"));
  expect((await api("PUT", path, admin, { body: { roles: ["member"] } })).body).toEqual(notFound("user"));
});

test("every kind of refused token is invalid_token on an admin route", async () => {
  const { member, token } = await staffWithToken("adm-tokens");
  for (const [label, makeToken, headers, description] of await refusedTokens(member, token)) {
    const answer = await api("GET", "/api/v1/admin/events", await makeToken(), { headers });
    expect(answer.status, label).toBe(401);
    expect(answer.body, label).toEqual({ error: "invalid_token", error_description: description });
  }
});

test("ids that do not exist (or are not ids at all) are not_found on every route that takes one", async () => {
  const { token } = await staffWithToken("adm-missing", "admin");
  for (const [method, path, , missing] of ROUTES) {
    if (!missing) continue;
    const answer = await api(method, path, token, { body: VALID_BODIES[`${method} ${path}`] });
    expect(answer.status, `${method} ${path}`).toBe(404);
    expect(answer.body).toEqual(notFound(missing));
  }
  for (const path of ["/api/v1/admin/users/not-a-uuid", "/api/v1/admin/families/not-a-uuid"]) {
    expect((await api("GET", path, token)).status, path).toBe(404);
  }
  expect((await api("POST", "/api/v1/admin/membership/suggestions/not-a-uuid/approve", token)).body).toEqual(notFound("membership suggestion"));
});

test("every list answers the envelope and validates page, per, sort, q and unknown parameters by name", async () => {
  const { token } = await staffWithToken("adm-lists");
  const cases: [query: string, description: string][] = [
    ["page=0", "page: must be a whole number, 1 or more"],
    ["page=-1", "page: must be a whole number, 1 or more"],
    ["page=1.5", "page: must be a whole number, 1 or more"],
    ["page=abc", "page: must be a whole number, 1 or more"],
    ["per=0", "per: must be a whole number from 1 to 100"],
    ["per=101", "per: must be a whole number from 1 to 100"],
    ["per=1e2", "per: must be a whole number from 1 to 100"],
    ["per=", "per: must be a whole number from 1 to 100"],
    ["page=1&page=2", "page: is repeated"],
    [`q=${"x".repeat(101)}`, "q: must be from 1 to 100 characters, without control characters"],
    ["q=%20%20", "q: must be from 1 to 100 characters, without control characters"],
    ["q=a%00b", "q: must be from 1 to 100 characters, without control characters"],
  ];
  for (const path of LISTS) {
    const first = await api("GET", `${path}?per=1`, token);
    expect(first.status, path).toBe(200);
    expect(Object.keys(first.body)).toEqual(["metadata", "items"]);
    expect(first.body.metadata).toEqual({ total: expect.any(Number), page: 1, per: 1 });
    expect(first.body.items.length).toBeLessThanOrEqual(1);
    const beyond = await api("GET", `${path}?page=100000&per=100`, token);
    expect(beyond.body).toEqual({ metadata: { total: beyond.body.metadata.total, page: 100000, per: 100 }, items: [] });
    for (const [query, description] of cases) {
      const answer = await api("GET", `${path}?${query}`, token);
      expect(answer.status, `${path}?${query}`).toBe(400);
      expect(answer.body, `${path}?${query}`).toEqual(invalidRequest(description));
    }
    const badSort = await api("GET", `${path}?sort=password_hash`, token);
    expect(badSort.status).toBe(400);
    expect(badSort.body.error_description).toMatch(/^sort: must be one of [a-zA-Z, -]+$/);
    const unknown = await api("GET", `${path}?limit=5`, token);
    expect(unknown.body).toEqual(invalidRequest('Unrecognized key: "limit"'));
  }
});
