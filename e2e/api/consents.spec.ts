import { expect, test } from "@playwright/test";
import { sql } from "../support/database.ts";
import { callApi } from "../support/identity-api.ts";
import { createTestMember, type TestMember } from "../support/oauth-accounts.ts";
import { DEMO_APP } from "../support/oauth-browser.ts";
import { portalTokensFor, profileOf, tokenRequest, tokensFor } from "../support/oauth-client.ts";

/**
 * /api/v1/consents/me (decisions.md part 3): list, grant (201 new, 200 merged), revoke (200 with the
 * revoked record, and the client's refresh tokens for the member die). The caller's own token is the
 * portal's: managing apps' access is account control, for the church's own clients only (docs/decisions/0018);
 * the portal is first-party, so the member holds no consent for it and the lists hold demo-app's alone.
 */
const DEMO_APP_NAME = "Demo app";
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

async function callerToken(member: TestMember): Promise<string> {
  return (await portalTokensFor(member)).access_token;
}

const call = (method: string, path: string, token: string | null, body?: unknown, rawBody?: string) => callApi(method, path, token, { body, rawBody });

test("grant, merge, list and revoke a consent, with exact bodies", async () => {
  const member = await createTestMember("consents");
  const token = await callerToken(member);

  const created = await call("POST", "/api/v1/consents/me", token, { client_id: DEMO_APP.id, scopes: ["openid", "profile"] });
  expect(created.status).toBe(201);
  expect(created.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), client_id: DEMO_APP.id, scopes: ["openid", "profile"], status: "granted", granted_at: expect.stringMatching(ISO) });

  const merged = await call("POST", "/api/v1/consents/me", token, { client_id: DEMO_APP.id, scopes: ["email", "profile"] });
  expect(merged.status).toBe(200);
  expect(merged.body).toEqual({ ...created.body, scopes: ["openid", "profile", "email"] });

  const listed = await call("GET", "/api/v1/consents/me", token);
  expect(listed.status).toBe(200);
  expect(listed.headers.get("cache-control")).toBe("no-store");
  expect(listed.body.consents).toContainEqual({ ...merged.body, client_name: DEMO_APP_NAME });

  const revoked = await call("DELETE", `/api/v1/consents/me/${created.body.id}`, token);
  expect(revoked.status).toBe(200);
  expect(revoked.body).toEqual({ ...merged.body, status: "revoked", revoked_at: expect.stringMatching(ISO) });
  expect((await call("GET", "/api/v1/consents/me", token)).body.consents).toContainEqual({ ...revoked.body, client_name: DEMO_APP_NAME });

  // Granting after a revocation starts a new grant of exactly the new scopes.
  const again = await call("POST", "/api/v1/consents/me", token, { client_id: DEMO_APP.id, scopes: ["openid"] });
  expect(again.status).toBe(201);
  expect(again.body).toMatchObject({ id: created.body.id, scopes: ["openid"], status: "granted" });
});

test("revoking a consent kills that client's refresh tokens and access tokens for the member, and only those", async () => {
  const member = await createTestMember("consent-tokens");
  const demo = await tokensFor(member); // demo-app: the consent screen writes the consent
  const token = await callerToken(member);
  const [consent] = await sql<{ id: string }>(`SELECT id FROM consent WHERE user_id = $1 AND client_id = $2`, [member.id, DEMO_APP.id]);

  expect((await call("DELETE", `/api/v1/consents/me/${consent!.id}`, token)).status).toBe(200);
  const refresh = await tokenRequest({ grant_type: "refresh_token", refresh_token: demo.refresh_token! });
  expect(refresh.body).toEqual({ error: "invalid_grant", error_description: "the grant has been revoked" });
  expect((await profileOf(demo.access_token)).status).toBe(401);
  expect((await profileOf(token)).status).toBe(200);
  const events = await sql<{ type: string }>(`SELECT type FROM security_event WHERE user_id = $1 AND type LIKE 'consent_%' ORDER BY created_at`, [member.id]);
  expect(events.map((event) => event.type)).toEqual(expect.arrayContaining(["consent_granted", "consent_revoked"]));
});

test("someone else's consent, an unknown id and a malformed id are all not_found", async () => {
  const owner = await createTestMember("consent-owner");
  const other = await createTestMember("consent-other");
  const ownerToken = await callerToken(owner);
  const otherToken = await callerToken(other);
  const created = await call("POST", "/api/v1/consents/me", ownerToken, { client_id: DEMO_APP.id, scopes: ["openid"] });
  const notFound = { error: "not_found", error_description: "consent not found" };
  for (const id of [created.body.id, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
    const answer = await call("DELETE", `/api/v1/consents/me/${id}`, otherToken);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual(notFound);
  }
  const othersList = (await call("GET", "/api/v1/consents/me", otherToken)).body as { consents: { client_id: string }[] };
  expect(othersList.consents).toEqual([]);
  const [still] = await sql<{ status: string }>(`SELECT status FROM consent WHERE id = $1`, [created.body.id]);
  expect(still).toEqual({ status: "granted" });
});

test.describe("bad requests change nothing and say which field", () => {
  const cases: [string, unknown, string | undefined, string][] = [
    ["malformed JSON", undefined, "{", "the body is not valid JSON"],
    ["an array body", [], undefined, "expected object"],
    ["no client_id", { scopes: ["openid"] }, undefined, "client_id: is required"],
    ["scopes not an array", { client_id: DEMO_APP.id, scopes: "openid" }, undefined, "scopes: must be an array of scope names"],
    ["empty scopes", { client_id: DEMO_APP.id, scopes: [] }, undefined, "scopes: must name at least one scope"],
    ["an unknown client", { client_id: "no-such-client", scopes: ["openid"] }, undefined, "client_id: no such client"],
    ["a scope the client may not use", { client_id: DEMO_APP.id, scopes: ["openid", "admin"] }, undefined, "scopes: not allowed for this client: admin"],
    // Account control is never a third party's, whatever a member is asked to allow (docs/decisions/0018).
    ["account control for a third party", { client_id: DEMO_APP.id, scopes: ["openid", "account:recovery"] }, undefined, "scopes: not allowed for this client: account:recovery"],
    ["an unknown field", { client_id: DEMO_APP.id, scopes: ["openid"], status: "revoked" }, undefined, "Unrecognized key"],
  ];
  for (const [label, body, raw, description] of cases) {
    test(`${label} → 400 invalid_request`, async () => {
      const member = await createTestMember("consent-bad");
      const token = await callerToken(member);
      const answer = await call("POST", "/api/v1/consents/me", token, body, raw);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe("invalid_request");
      expect(answer.body.error_description).toContain(description);
      expect(await sql(`SELECT 1 FROM consent WHERE user_id = $1`, [member.id])).toEqual([]);
    });
  }
});

test("no token, or a member without the permissions: invalid_token and forbidden", async () => {
  const noToken = await call("GET", "/api/v1/consents/me", null);
  expect(noToken.status).toBe(401);
  expect(noToken.headers.get("www-authenticate")).toContain('error="invalid_token"');
  expect(noToken.body).toEqual({ error: "invalid_token", error_description: "an access token is required" });

  const member = await createTestMember("consent-noroles", { roles: "none" });
  const token = await callerToken(member);
  expect((await call("GET", "/api/v1/consents/me", token)).body).toEqual({ error: "forbidden", error_description: "missing permission consents:read" });
  const post = await call("POST", "/api/v1/consents/me", token, { client_id: DEMO_APP.id, scopes: ["openid"] });
  expect(post.status).toBe(403);
  expect(post.body).toEqual({ error: "forbidden", error_description: "missing permission consents:write" });
});

test("a third-party app's token cannot read or grant consents (regression: any app's token could let another app in)", async () => {
  const member = await createTestMember("consent-third-party");
  const app = (await tokensFor(member, { scope: "openid" })).access_token;
  for (const [method, path, body] of [
    ["GET", "/api/v1/consents/me", undefined],
    ["POST", "/api/v1/consents/me", { client_id: DEMO_APP.id, scopes: ["openid", "profile", "email", "phone", "offline_access"] }],
  ] as const) {
    const answer = await call(method, path, app, body);
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ error: "forbidden", error_description: "missing scope account:consents" });
    expect(answer.headers.get("www-authenticate")).toBe('Bearer error="insufficient_scope", scope="account:consents", error_description="missing scope account:consents"');
  }
  const [consent] = await sql<{ scopes: string[] }>(`SELECT scopes FROM consent WHERE user_id = $1 AND client_id = $2`, [member.id, DEMO_APP.id]);
  expect(consent?.scopes).toEqual(["openid"]);
});
