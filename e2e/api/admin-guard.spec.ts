import { expect, test } from "@playwright/test";
import { forbidden, staffWithToken } from "../support/admin.ts";
import { UNKNOWN_UUID, adminRouteFiles, adminRoutes } from "../support/admin-routes.ts";
import { api, callFromOwnIp, invalidRequest, memberWithToken, notFound, refusedTokens } from "../support/contacts.ts";
import { sql } from "../support/database.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { OAuthBrowser } from "../support/oauth-browser.ts";
import { ISSUER, authorizeUrl, pkce, portalTokensFor, tokensFor } from "../support/oauth-client.ts";

/**
 * The guard of every staff route under /api/v1/admin (docs/decisions/0017): no token is `invalid_token`; a
 * member without the route's own permission is `forbidden` naming it, and so is a staff member's token of a
 * third-party app (staff rights count only on first-party tokens); staff without `roles:write` cannot
 * assign roles; every refused token kind is refused; ids that do not exist are `not_found`; every list
 * validates `page`, `per`, `sort`, `q` and refuses unknown parameters, naming the field; a method a route
 * does not serve is a 405 before any guard. Every answer but those 405s (no operation of the document) is
 * checked against the OpenAPI document (callApi). The routes come from the route files on disk, so a new
 * admin route without the staff guard fails here without anyone listing it.
 */
callFromOwnIp();

/**
 * Every route and method, with the permission it needs and a path whose id does not exist, discovered from the
 * route files under app/api/v1/admin (e2e/support/admin-routes.ts says how, and why from disk): a route added
 * there is put through every test below without anyone listing it here.
 */
const ROUTE_FILES = adminRouteFiles();
const ROUTES: [method: string, path: string, permission: string, missing?: string][] = adminRoutes().map(({ method, path, permission, missing }) =>
  missing ? [method, path, permission, missing] : [method, path, permission],
);

/** A body each write route accepts, so not_found is about the id alone. */
const VALID_BODIES: Record<string, unknown> = {
  "PATCH /api/v1/admin/events/evt_doesnotexist": { title: "Renamed" },
  [`PUT /api/v1/admin/users/${UNKNOWN_UUID}/roles`]: { roles: ["member"] },
  "PATCH /api/v1/admin/clients/no-such-client": { name: "Renamed" },
  "PATCH /api/v1/admin/campuses/cmp_doesnotexist": { name: "Renamed" },
  "PATCH /api/v1/admin/ministries/min_doesnotexist": { name: "Renamed" },
  "PATCH /api/v1/admin/membership/records/mbr_doesnotexist": { given_name: "Renamed" },
  [`PATCH /api/v1/admin/families/${UNKNOWN_UUID}`]: { name: "Renamed" },
  [`POST /api/v1/admin/families/${UNKNOWN_UUID}/members`]: { user_id: UNKNOWN_UUID },
  [`POST /api/v1/admin/families/${UNKNOWN_UUID}/children`]: { given_name: "Ada", family_name: "Lovelace", birth_date: "2020-01-01" },
  [`PATCH /api/v1/admin/families/${UNKNOWN_UUID}/children/${UNKNOWN_UUID}`]: { notes: "Renamed" },
  [`POST /api/v1/admin/families/${UNKNOWN_UUID}/guardianships`]: { guardian_id: UNKNOWN_UUID, dependent_id: "00000000-0000-4000-8000-0000000000fe" },
  [`POST /api/v1/admin/families/${UNKNOWN_UUID}/merge`]: { from: "00000000-0000-4000-8000-0000000000fe" },
  "POST /api/v1/admin/events/evt_doesnotexist/check-ins": { person_id: UNKNOWN_UUID },
  "PUT /api/v1/admin/events/evt_doesnotexist/registration": { open: true },
  "PATCH /api/v1/admin/series/ser_doesnotexist": { title: "Renamed" },
  "PATCH /api/v1/admin/webhooks/whep_doesnotexist": { enabled: false },
  [`PATCH /api/v1/admin/people-imports/${UNKNOWN_UUID}`]: { mapping: { given_name: "First Name" } },
  [`PATCH /api/v1/admin/calendar-imports/${UNKNOWN_UUID}`]: { keep_in_sync: true },
};

/** The admin API's one-of-a-kind resources: read whole, not paged. */
const SINGLE_RESOURCES = new Set(["/api/v1/admin/settings"]);
/** Every collection's list: each GET of a path without an id, but an export (a file, not a page) or a single resource. */
const LISTS = ROUTES.filter(([method, path, , missing]) => method === "GET" && !missing && !path.endsWith("/export") && !SINGLE_RESOURCES.has(path)).map(([, path]) => path);

test("the routes are found on disk: every admin route file, every method it serves, and nothing this spec names that is gone", () => {
  // Floors, so a discovery that silently finds nothing (a moved folder, a new form of export) cannot pass.
  expect(ROUTE_FILES.length).toBeGreaterThanOrEqual(26);
  expect(ROUTES.length).toBeGreaterThanOrEqual(33);
  expect(LISTS.length).toBeGreaterThanOrEqual(10);
  for (const file of ROUTE_FILES) {
    expect([...file.served, ...file.refused].sort(), `${file.file} answers every method`).toEqual(["DELETE", "GET", "PATCH", "POST", "PUT"]);
  }
  for (const key of Object.keys(VALID_BODIES)) expect(ROUTES.map(([method, path]) => `${method} ${path}`), key).toContain(key);
});

test("the methods a route file does not serve are 405 before any guard, naming exactly the methods it serves", async () => {
  for (const { file, path, served, refused } of ROUTE_FILES) {
    const allow = new Set<string>([...served, ...(served.includes("GET") ? ["HEAD"] : []), "OPTIONS"]);
    for (const method of refused) {
      const response = await fetch(new URL(path, ISSUER), { method, redirect: "manual" });
      const label = `${method} ${path} (${file})`;
      expect(response.status, label).toBe(405);
      expect(new Set(response.headers.get("allow")?.split(/,\s*/)), label).toEqual(allow);
      const body = (await response.json()) as { error: string; error_description: string };
      expect(body.error, label).toBe("method_not_allowed");
      const named = /^([A-Z]+) is not allowed here; use (.+)$/.exec(body.error_description);
      expect(named?.[1], label).toBe(method);
      expect(new Set(named?.[2]?.split(" or ")), label).toEqual(new Set(served));
    }
  }
});

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
  // An administrator: the audit log's list is theirs alone.
  const { token } = await staffWithToken("adm-lists", "admin");
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
