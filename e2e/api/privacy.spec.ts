import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { sql } from "../support/database.ts";
import { callApi } from "../support/identity-api.ts";
import { createTestMember, type TestMember } from "../support/oauth-accounts.ts";
import { PORTAL_CLIENT, portalTokensFor, profileOf, tokenRequest, tokensFor, type TokenSet } from "../support/oauth-client.ts";
import { expiredCopy } from "../support/oauth-tokens.ts";
import { TEST_APP_SECRET, TEST_DATABASE_URL } from "../support/test-env.ts";

/**
 * Privacy data requests under /api/v1/privacy/data-requests/me (decisions.md part 3, docs/decisions/0010):
 * an export is built at once (`fulfilled`) and downloads as a JSON file holding every record of its member
 * and nothing of anyone else; a deletion is `pending` for the grace period, cancellable, then carried out
 * by `scripts/privacy-run-deletions.ts`, which this spec runs itself after moving the request's due time
 * back in SQL (a controllable clock, no sleeping). Every answer is checked against the OpenAPI document.
 */

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ME = "/api/v1/privacy/data-requests/me";
const DAY_MS = 24 * 60 * 60 * 1000;

type ApiOptions = Parameters<typeof callApi>[3];
const api = (method: string, path: string, token: string | null, options: ApiOptions = {}) => callApi(method, path, token, options);

const notFound = (what: string) => ({ error: "not_found", error_description: `${what} not found` });
const conflict = (description: string) => ({ error: "conflict", error_description: description });

async function memberWithTokens(label: string, options: { roles?: "member" | "none" } = {}): Promise<{ member: TestMember; tokens: TokenSet }> {
  const member = await createTestMember(label, options);
  return { member, tokens: await portalTokensFor(member) };
}

const sidOf = (accessToken: string) => JSON.parse(Buffer.from(accessToken.split(".")[1]!, "base64url").toString()).sid as string;

/** The types of the member's security-log entries starting with `prefix`, oldest first, as their security page lists them. */
async function loggedTypes(token: string, prefix: string): Promise<string[]> {
  const listed = await api("GET", "/api/v1/users/me/security-events?limit=100", token);
  expect(listed.status).toBe(200);
  return (listed.body.events as { type: string }[])
    .map((event) => event.type)
    .filter((type) => type.startsWith(prefix))
    .reverse();
}

const statusesOf = async (token: string) => (await api("GET", ME, token)).body.requests.map((row: { id: string; status: string }) => [row.id, row.status]);

test("an export is fulfilled at once, listed, and downloads as a JSON file of its member's records and nothing of another", async () => {
  // Every section's rows, and that nothing secret leaves, are lib/privacy/data-requests.service.test.ts's;
  // here, what the member's app sees: the answers, the file, and the records that signing in over HTTP made.
  const alice = await memberWithTokens("privacy-export-a");
  await tokensFor(alice.member); // alice allows demo-app in a second browser: a consent and a grant of a third-party app
  const bob = await memberWithTokens("privacy-export-b");
  const bobExport = await api("POST", ME, bob.tokens.access_token, { body: { type: "export" } });
  expect(bobExport.status).toBe(201);

  const created = await api("POST", ME, alice.tokens.access_token, { body: { type: "export" } });
  expect(created.status).toBe(201);
  expect(created.headers.get("cache-control")).toBe("no-store");
  expect(created.body).toEqual({ id: expect.stringMatching(UUID), type: "export", status: "fulfilled", created_at: expect.stringMatching(ISO), fulfilled_at: created.body.created_at });

  const listed = await api("GET", ME, alice.tokens.access_token);
  expect(listed.status).toBe(200);
  expect(listed.body).toEqual({ requests: [created.body] });

  const download = await api("GET", `${ME}/${created.body.id}/download`, alice.tokens.access_token);
  expect(download.status).toBe(200);
  expect(download.headers.get("content-type")).toBe("application/json; charset=utf-8");
  expect(download.headers.get("content-disposition")).toBe(`attachment; filename="account-data-${created.body.created_at.slice(0, 10)}.json"`);
  expect(download.headers.get("cache-control")).toBe("no-store");
  const exported = download.body;
  expect(Object.keys(exported)).toEqual([
    "format", "request_id", "generated_at", "profile", "two_factor", "sessions", "known_browsers", "app_authorizations", "consents",
    "security_events", "guardianships", "family", "membership", "linked_identities", "recovery_contacts", "verification_codes", "messages", "data_requests", "passkeys", "attendance",
    "check_in_cards", "event_registrations", "calendar_feeds",
  ]);
  expect(exported).toMatchObject({ format: "church-account-export/1", request_id: created.body.id, generated_at: created.body.created_at });
  expect(exported.profile).toMatchObject({ id: alice.member.id, email: alice.member.email, given_name: alice.member.givenName, family_name: alice.member.familyName, has_password: true, roles: ["member"] });
  // Two sign-ins, two browsers: when each was seen, never its cookie.
  expect(exported.known_browsers).toEqual([
    { first_seen_at: expect.stringMatching(ISO), last_seen_at: expect.stringMatching(ISO) },
    { first_seen_at: expect.stringMatching(ISO), last_seen_at: expect.stringMatching(ISO) },
  ]);
  // The session behind her token, and the portal's and demo-app's authorizations, each in its own session.
  const sessions = exported.sessions.map((row: { id: string }) => row.id);
  expect(sessions).toContain(sidOf(alice.tokens.access_token));
  expect(exported.sessions[0]).toEqual({
    id: sessions[0],
    created_at: expect.stringMatching(ISO),
    last_seen_at: expect.stringMatching(ISO),
    expires_at: expect.stringMatching(ISO),
    revoked_at: null,
    authenticated_at: expect.stringMatching(ISO),
    methods: ["pwd"],
    ip: expect.any(String),
    user_agent: expect.any(String),
  });
  expect(exported.app_authorizations[0]).toMatchObject({ client_id: "portal", client_name: "Member portal", session_id: sessions[0], revoked_at: null });
  expect(exported.app_authorizations[1]).toMatchObject({ client_id: "demo-app", client_name: "Demo app", session_id: sessions[1], revoked_at: null });
  expect(exported.consents[0]).toMatchObject({ client_id: "demo-app", client_name: "Demo app", status: "granted", revoked_at: null });
  expect(exported.security_events.map((row: { type: string }) => row.type)).toContain("sign_in");
  // Her second browser (the demo app's sign-in) was new to the account: its notice is hers too.
  expect(exported.messages).toEqual([
    { id: expect.any(String), channel: "email", recipient: alice.member.email, subject: "New sign-in to your account · Grace Harbor Church", created_at: expect.stringMatching(ISO), sent_at: null },
  ]);
  expect(exported.data_requests).toEqual([]);

  // Nothing of her tokens, and nothing of Bob's, anywhere in the file.
  const text = JSON.stringify(exported);
  const forbidden = [alice.tokens.access_token, alice.tokens.refresh_token!, bob.member.id, bob.member.email, bob.member.familyName, bobExport.body.id, sidOf(bob.tokens.access_token)];
  expect(forbidden.filter((value) => text.includes(value))).toEqual([]);

  // The next export lists the earlier one, and both requests and the download are in the security log.
  const second = await api("POST", ME, alice.tokens.access_token, { body: { type: "export" } });
  const secondFile = await api("GET", `${ME}/${second.body.id}/download`, alice.tokens.access_token);
  expect(secondFile.body.data_requests).toEqual([
    { id: created.body.id, type: "export", status: "fulfilled", created_at: created.body.created_at, due_at: null, fulfilled_at: created.body.created_at, cancelled_at: null },
  ]);
  expect(await loggedTypes(alice.tokens.access_token, "data_export_")).toEqual(["data_export_requested", "data_export_downloaded", "data_export_requested", "data_export_downloaded"]);
  expect((await api("GET", ME, alice.tokens.access_token)).body.requests.map((row: { id: string }) => row.id)).toEqual([second.body.id, created.body.id]);
});

test("a deletion is pending for 14 days, a second one is conflict, and cancelling it answers the request cancelled, again the same", async () => {
  const { tokens } = await memberWithTokens("privacy-deletion");
  const created = await api("POST", ME, tokens.access_token, { body: { type: "deletion" } });
  expect(created.status).toBe(201);
  expect(created.body).toEqual({ id: expect.stringMatching(UUID), type: "deletion", status: "pending", created_at: expect.stringMatching(ISO), due_at: expect.stringMatching(ISO) });
  expect(Date.parse(created.body.due_at) - Date.parse(created.body.created_at)).toBe(14 * DAY_MS);

  const again = await api("POST", ME, tokens.access_token, { body: { type: "deletion" } });
  expect(again.status).toBe(409);
  expect(again.body).toEqual(conflict("a deletion of this account is already pending"));
  expect((await api("GET", ME, tokens.access_token)).body).toEqual({ requests: [created.body] });

  const cancelled = await api("POST", `${ME}/${created.body.id}/cancel`, tokens.access_token);
  expect(cancelled.status).toBe(200);
  expect(cancelled.body).toEqual({ ...created.body, status: "cancelled", cancelled_at: expect.stringMatching(ISO) });
  const twice = await api("POST", `${ME}/${created.body.id}/cancel`, tokens.access_token);
  expect(twice.status).toBe(200);
  expect(twice.body).toEqual(cancelled.body);

  // After a cancellation the member may ask again; an export cannot be cancelled.
  const renewed = await api("POST", ME, tokens.access_token, { body: { type: "deletion" } });
  expect(renewed.status).toBe(201);
  expect(renewed.body.status).toBe("pending");
  const exported = await api("POST", ME, tokens.access_token, { body: { type: "export" } });
  const cancelExport = await api("POST", `${ME}/${exported.body.id}/cancel`, tokens.access_token);
  expect(cancelExport.status).toBe(409);
  expect(cancelExport.body).toEqual(conflict("only a pending deletion can be cancelled"));
  const downloadDeletion = await api("GET", `${ME}/${renewed.body.id}/download`, tokens.access_token);
  expect(downloadDeletion.status).toBe(404);
  expect(downloadDeletion.body).toEqual(notFound("export"));

  expect((await api("GET", ME, tokens.access_token)).body.requests.map((row: { id: string; status: string }) => [row.id, row.status])).toEqual([
    [exported.body.id, "fulfilled"],
    [renewed.body.id, "pending"],
    [created.body.id, "cancelled"],
  ]);
  expect(await loggedTypes(tokens.access_token, "deletion_")).toEqual(["deletion_requested", "deletion_cancelled", "deletion_requested"]);
});

test("two deletion requests at once: exactly one is pending, the other conflict", async () => {
  const { tokens } = await memberWithTokens("privacy-deletion-race");
  const answers = await Promise.all([1, 2, 3].map(() => api("POST", ME, tokens.access_token, { body: { type: "deletion" } })));
  expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
  const created = answers.find((answer) => answer.status === 201)!;
  expect(await statusesOf(tokens.access_token)).toEqual([[created.body.id, "pending"]]);
});

test("someone else's request, an unknown id and a malformed id are not_found, and change nothing", async () => {
  const owner = await memberWithTokens("privacy-owner");
  const other = await memberWithTokens("privacy-other");
  const deletion = await api("POST", ME, owner.tokens.access_token, { body: { type: "deletion" } });
  const exported = await api("POST", ME, owner.tokens.access_token, { body: { type: "export" } });
  for (const id of [deletion.body.id, exported.body.id, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
    const cancel = await api("POST", `${ME}/${id}/cancel`, other.tokens.access_token);
    expect(cancel.status, id).toBe(404);
    expect(cancel.body).toEqual(notFound("data request"));
    const download = await api("GET", `${ME}/${id}/download`, other.tokens.access_token);
    expect(download.status, id).toBe(404);
    expect(download.body).toEqual(notFound("export"));
  }
  expect((await api("GET", ME, other.tokens.access_token)).body).toEqual({ requests: [] });
  expect(await statusesOf(owner.tokens.access_token)).toEqual([
    [exported.body.id, "fulfilled"],
    [deletion.body.id, "pending"],
  ]);
  expect(await loggedTypes(other.tokens.access_token, "data_export_")).toEqual([]);
  expect(await loggedTypes(owner.tokens.access_token, "data_export_")).toEqual(["data_export_requested"]);
});

test.describe("bad requests are invalid_request, say which field, and change nothing", () => {
  const cases: [string, unknown, string | undefined, Record<string, string>, string][] = [
    ["malformed JSON", undefined, "{", {}, "the body is not valid JSON"],
    ["not JSON", undefined, "type=export", { "content-type": "application/x-www-form-urlencoded" }, "the body must be application/json"],
    ["an array body", [], undefined, {}, "expected object"],
    ["no type", {}, undefined, {}, "type: must be export or deletion"],
    ["an unknown type", { type: "erase" }, undefined, {}, "type: must be export or deletion"],
    ["a type that is not a string", { type: 1 }, undefined, {}, "type: must be export or deletion"],
    ["an unknown field", { type: "export", format: "csv" }, undefined, {}, "Unrecognized key"],
  ];
  for (const [label, body, raw, headers, description] of cases) {
    test(`${label} → 400 invalid_request`, async () => {
      const { tokens } = await memberWithTokens("privacy-bad");
      const answer = await api("POST", ME, tokens.access_token, { body, rawBody: raw, headers });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe("invalid_request");
      expect(answer.body.error_description).toContain(description);
      expect((await api("GET", ME, tokens.access_token)).body).toEqual({ requests: [] });
    });
  }
});

test("more than 5 exports within an hour: too_many_requests with Retry-After", async () => {
  const { member, tokens } = await memberWithTokens("privacy-export-limit");
  // Five exports 10 to 50 minutes old, written in SQL (building five real ones proves nothing more).
  for (const minutesAgo of [50, 40, 30, 20, 10]) {
    await sql(
      `INSERT INTO data_request (user_id, type, status, export_json, created_at, fulfilled_at)
       VALUES ($1, 'export', 'fulfilled', '{}', now() - make_interval(mins => $2), now() - make_interval(mins => $2))`,
      [member.id, minutesAgo],
    );
  }
  const refused = await api("POST", ME, tokens.access_token, { body: { type: "export" } });
  expect(refused.status).toBe(429);
  expect(refused.body).toEqual({ error: "too_many_requests", error_description: "at most 5 exports an hour; try again later" });
  const retryAfter = Number(refused.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(9 * 60);
  expect(retryAfter).toBeLessThanOrEqual(10 * 60);
  // A deletion is not an export: still allowed. The oldest export leaving the hour frees one place.
  expect((await api("POST", ME, tokens.access_token, { body: { type: "deletion" } })).status).toBe(201);
  await sql(`UPDATE data_request SET created_at = now() - interval '61 minutes' WHERE user_id = $1 AND type = 'export' AND created_at < now() - interval '45 minutes'`, [member.id]);
  expect((await api("POST", ME, tokens.access_token, { body: { type: "export" } })).status).toBe(201);
});

test("every privacy route answers invalid_token for a missing, malformed, expired or signed-out token, and forbidden without the permission", async () => {
  const { member, tokens } = await memberWithTokens("privacy-tokens");
  const second = await portalTokensFor(member);
  expect((await api("DELETE", `/api/v1/sessions/me/${sidOf(tokens.access_token)}`, second.access_token)).status).toBe(200);
  const id = randomUUID();
  const routes: [string, string, unknown][] = [
    ["GET", ME, undefined],
    ["POST", ME, { type: "export" }],
    ["POST", `${ME}/${id}/cancel`, undefined],
    ["GET", `${ME}/${id}/download`, undefined],
  ];
  const expired = await expiredCopy(second.access_token);
  const cases: [string, string | null, Record<string, string>, string][] = [
    ["missing", null, {}, "an access token is required"],
    ["malformed", null, { authorization: "Bearer" }, "the Authorization header is malformed"],
    ["not a JWT", "not-a-jwt", {}, "the access token is invalid"],
    ["expired", expired, {}, "the access token is expired"],
    ["signed out", tokens.access_token, {}, "the access token has been revoked"],
  ];
  for (const [method, path, body] of routes) {
    for (const [label, bearer, headers, description] of cases) {
      const answer = await api(method, path, bearer, { body, headers });
      expect(answer.status, `${method} ${path} ${label}`).toBe(401);
      expect(answer.body, `${method} ${path} ${label}`).toEqual({ error: "invalid_token", error_description: description });
      expect(answer.headers.get("www-authenticate")).toContain('error="invalid_token"');
    }
  }
  expect((await api("GET", ME, second.access_token)).body).toEqual({ requests: [] });

  const roleless = await memberWithTokens("privacy-roleless", { roles: "none" });
  for (const [method, path, body] of routes) {
    const answer = await api(method, path, roleless.tokens.access_token, { body });
    expect(answer.status, `${method} ${path}`).toBe(403);
    expect(answer.body).toEqual({ error: "forbidden", error_description: `missing permission profile:${method === "GET" ? "read" : "write"}` });
  }
});

/** Runs the operator's command against the test database, as cron would; answers its exit code and output. */
function runDeletionCommand(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("node_modules/.bin/tsx", ["--conditions=react-server", "scripts/privacy-run-deletions.ts"], {
      env: { ...process.env, DATABASE_URL: TEST_DATABASE_URL, APP_SECRET: TEST_APP_SECRET, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

// One test for every run of the command: a run carries out whatever is due, so two tests moving clocks
// at the same time would carry out each other's deletions.
test("the deletion command erases a member whose grace period ended, revokes their tokens, leaves others and cancelled ones alone, and is safe twice at once", async () => {
  // What an erasure takes and leaves, row by row, is lib/privacy/data-requests.service.test.ts's; this is the
  // command as a scheduler runs it, and what the member's apps and the others see over HTTP.
  test.setTimeout(120_000);
  const doomed = await memberWithTokens("privacy-erase");
  const kept = await memberWithTokens("privacy-erase-kept");
  const changedMind = await memberWithTokens("privacy-erase-cancelled");
  const deletion = await api("POST", ME, doomed.tokens.access_token, { body: { type: "deletion" } });
  const keptDeletion = await api("POST", ME, kept.tokens.access_token, { body: { type: "deletion" } });
  const cancelled = await api("POST", ME, changedMind.tokens.access_token, { body: { type: "deletion" } });
  expect([deletion.status, keptDeletion.status, cancelled.status]).toEqual([201, 201, 201]);
  const cancelledAnswer = await api("POST", `${ME}/${cancelled.body.id}/cancel`, changedMind.tokens.access_token);
  expect(cancelledAnswer.status).toBe(200);

  // Within the grace period nothing happens.
  const early = await runDeletionCommand();
  expect(early.code, early.output).toBe(0);
  expect((await profileOf(doomed.tokens.access_token)).status).toBe(200);

  // The clock moves on for this request only; two operators' schedules fire at the same moment.
  // A cancelled deletion stays cancelled even past its due time.
  await sql(`UPDATE data_request SET due_at = now() - interval '1 minute' WHERE id = ANY($1::uuid[])`, [[deletion.body.id, cancelled.body.id]]);
  const runs = await Promise.all([runDeletionCommand(), runDeletionCommand()]);
  for (const run of runs) expect(run.code, run.output).toBe(0);
  expect(runs.map((run) => run.output.trim()).sort()).toEqual(["Carried out 0 account deletions.", "Carried out 1 account deletion."]);

  // Their tokens are refused at once: the access token on /api/v1, the refresh token at the token endpoint.
  const profile = await profileOf(doomed.tokens.access_token);
  expect(profile.status).toBe(401);
  expect(profile.body).toEqual({ error: "invalid_token", error_description: "the access token has been revoked" });
  expect((await api("GET", ME, doomed.tokens.access_token)).status).toBe(401);
  const refresh = await tokenRequest({ grant_type: "refresh_token", refresh_token: doomed.tokens.refresh_token! }, PORTAL_CLIENT);
  expect(refresh.status).toBe(400);
  expect(refresh.body).toMatchObject({ error: "invalid_grant" });

  // The other member, with a deletion still in its grace period, and the one who changed their mind are untouched.
  expect((await profileOf(kept.tokens.access_token)).status).toBe(200);
  expect((await api("GET", ME, kept.tokens.access_token)).body).toEqual({ requests: [keptDeletion.body] });
  expect((await profileOf(changedMind.tokens.access_token)).status).toBe(200);
  const stillCancelled = (await api("GET", ME, changedMind.tokens.access_token)).body.requests.map((row: { id: string; status: string }) => [row.id, row.status]);
  expect(stillCancelled).toEqual([[cancelledAnswer.body.id, "cancelled"]]);

  // Idempotent: running again finds nothing more to do.
  const later = await runDeletionCommand();
  expect([later.code, later.output.trim()], later.output).toEqual([0, "Carried out 0 account deletions."]);
});
