import { expect, test } from "@playwright/test";
import { sql } from "../support/database.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { callApi } from "../support/identity-api.ts";
import { PORTAL_CLIENT, portalTokensFor, profileOf, tokenRequest } from "../support/oauth-client.ts";

/**
 * /api/v1/sessions/me: the member's sessions, signing one out, and signing out everywhere else. Each
 * `portalTokensFor` is a separate browser, so a separate session at the authorization server.
 */
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const call = (method: string, path: string, token: string | null) => callApi(method, path, token);

function sidOf(accessToken: string): string {
  return JSON.parse(Buffer.from(accessToken.split(".")[1]!, "base64url").toString()).sid as string;
}

test("lists the member's sessions with the current one first and marked", async () => {
  const member = await createTestMember("sessions-list");
  const first = await portalTokensFor(member);
  const second = await portalTokensFor(member);
  const answer = await call("GET", "/api/v1/sessions/me", second.access_token);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("cache-control")).toBe("no-store");
  expect(answer.body.sessions).toHaveLength(2);
  expect(answer.body.sessions[0]).toEqual({
    id: sidOf(second.access_token),
    device: expect.any(String),
    browser: expect.any(String),
    ip: expect.any(String),
    app: null,
    created_at: expect.stringMatching(ISO),
    last_seen_at: expect.stringMatching(ISO),
    idle_expires_at: expect.stringMatching(ISO),
    expires_at: expect.stringMatching(ISO),
    current: true,
  });
  // A member's session: 14 days without use, 30 days at the latest (docs/decisions/0018).
  const listed = answer.body.sessions[0];
  expect(Date.parse(listed.expires_at) - Date.parse(listed.created_at)).toBe(30 * 86_400_000);
  expect(Date.parse(listed.idle_expires_at) - Date.parse(listed.last_seen_at)).toBe(14 * 86_400_000);
  expect(answer.body.sessions[1]).toMatchObject({ id: sidOf(first.access_token), current: false });
});

test("signing one session out stops its tokens at once and kills its refresh token", async () => {
  const member = await createTestMember("sessions-revoke");
  const other = await portalTokensFor(member);
  const mine = await portalTokensFor(member);
  const revoked = await call("DELETE", `/api/v1/sessions/me/${sidOf(other.access_token)}`, mine.access_token);
  expect(revoked.status).toBe(200);
  expect(revoked.body).toEqual({ id: sidOf(other.access_token), status: "revoked", revoked_at: expect.stringMatching(ISO) });

  const refused = await profileOf(other.access_token);
  expect(refused.status).toBe(401);
  expect(refused.body).toEqual({ error: "invalid_token", error_description: "the access token has been revoked" });
  expect((await tokenRequest({ grant_type: "refresh_token", refresh_token: other.refresh_token! }, PORTAL_CLIENT)).status).toBe(400);
  expect((await profileOf(mine.access_token)).status).toBe(200);
  expect((await call("GET", "/api/v1/sessions/me", mine.access_token)).body.sessions.map((session: { id: string }) => session.id)).toEqual([sidOf(mine.access_token)]);
  const again = await call("DELETE", `/api/v1/sessions/me/${sidOf(other.access_token)}`, mine.access_token);
  expect(again.status).toBe(404);
});

test("signing out everywhere else keeps only the current session", async () => {
  const member = await createTestMember("sessions-others");
  const a = await portalTokensFor(member);
  const b = await portalTokensFor(member);
  const mine = await portalTokensFor(member);
  const answer = await call("DELETE", "/api/v1/sessions/me", mine.access_token);
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual({ status: "ok", revoked: 2 });
  for (const tokens of [a, b]) expect((await profileOf(tokens.access_token)).status).toBe(401);
  expect((await profileOf(mine.access_token)).status).toBe(200);
  const events = await sql<{ type: string }>(`SELECT type FROM security_event WHERE user_id = $1 AND type = 'session_revoked'`, [member.id]);
  expect(events).toHaveLength(1);
});

test("someone else's session, an unknown id or a malformed one are not_found, and change nothing", async () => {
  const owner = await createTestMember("sessions-owner");
  const intruder = await createTestMember("sessions-intruder");
  const ownerTokens = await portalTokensFor(owner);
  const intruderTokens = await portalTokensFor(intruder);
  for (const id of [sidOf(ownerTokens.access_token), "00000000-0000-4000-8000-000000000000", "nope"]) {
    const answer = await call("DELETE", `/api/v1/sessions/me/${id}`, intruderTokens.access_token);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: "not_found", error_description: "session not found" });
  }
  expect((await profileOf(ownerTokens.access_token)).status).toBe(200);
});

test("without a token, or without the permissions", async () => {
  const noToken = await call("GET", "/api/v1/sessions/me", null);
  expect(noToken.status).toBe(401);
  expect(noToken.body).toEqual({ error: "invalid_token", error_description: "an access token is required" });
  const member = await createTestMember("sessions-noroles", { roles: "none" });
  const tokens = await portalTokensFor(member);
  expect((await call("GET", "/api/v1/sessions/me", tokens.access_token)).body).toEqual({ error: "forbidden", error_description: "missing permission sessions:read" });
  expect((await call("DELETE", "/api/v1/sessions/me", tokens.access_token)).body).toEqual({ error: "forbidden", error_description: "missing permission sessions:write" });
});
