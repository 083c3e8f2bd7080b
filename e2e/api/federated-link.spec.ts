import { expect, test } from "@playwright/test";
import { api, callFromOwnIp, memberWithToken, notFound, refusedTokens, securityEvents } from "../support/contacts.ts";
import { sql } from "../support/database.ts";
import { ensureFixtureProvider, identitiesOf, insertLinkCode } from "../support/federation.ts";
import { tokenHash } from "../support/oauth-tokens.ts";

/**
 * POST /oauth/federated/link/finalize (decisions.md part 3: bearer, body `code`, 200
 * `{ "status": "linked", "provider", "linked_at" }`, unknown or expired code `invalid_request`) and the
 * linked identities of /api/v1/users/me/linked-identities, with two members side by side. Link codes are
 * written here as the provider's callback writes them (hashed, bound to a member, ten minutes); the round
 * trip through a real provider is e2e/api/federation.spec.ts. Every answer is checked against the
 * OpenAPI document (callApi).
 */
callFromOwnIp();

const FINALIZE = "/oauth/federated/link/finalize";
const LIST = "/api/v1/users/me/linked-identities";
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const REFUSED = { error: "invalid_request", error_description: "code: is unknown or has expired" };

const finalize = (token: string | null, body: unknown, headers: Record<string, string> = {}) => api("POST", FINALIZE, token, { body, headers });
const list = (token: string | null, headers: Record<string, string> = {}) => api("GET", LIST, token, { headers });
const remove = (token: string | null, id: string, headers: Record<string, string> = {}) => api("DELETE", `${LIST}/${id}`, token, { headers });

let provider: { id: string; displayName: string; issuer: string };
test.beforeAll(async () => {
  provider = await ensureFixtureProvider();
});

const linkCodeRow = async (code: string) => (await sql(`SELECT user_id FROM federated_link_code WHERE code_hash = $1`, [tokenHash(code)]))[0];

test("finalize links the identity of the member's own code, answers exactly as decided, and works once", async () => {
  const { member, token } = await memberWithToken("fl-happy");
  const { code, subject } = await insertLinkCode(member.id, provider, { email: "Jane.Doe@Upstream.example" });

  const linked = await finalize(token, { code });
  expect(linked.status).toBe(200);
  expect(linked.headers.get("cache-control")).toBe("no-store");
  expect(linked.headers.get("content-type")).toMatch(/^application\/json/);
  expect(linked.body).toEqual({ status: "linked", provider: provider.id, linked_at: expect.stringMatching(ISO) });
  expect(Object.keys(linked.body)).toEqual(["status", "provider", "linked_at"]);

  const [row] = await identitiesOf(member.id);
  expect(row).toMatchObject({ provider_id: provider.id, issuer: provider.issuer, subject, email: "Jane.Doe@Upstream.example", last_used_at: null });
  expect(new Date(row!.linked_at).toISOString()).toBe(linked.body.linked_at);
  expect(await linkCodeRow(code)).toBeUndefined();
  expect((await securityEvents(member.id)).filter((event) => event.type.startsWith("federated"))).toEqual([
    { type: "federated_identity_linked", detail: { provider: provider.id, provider_name: provider.displayName, email: "J***@U***.example" } },
  ]);

  const again = await finalize(token, { code });
  expect(again.status).toBe(400);
  expect(again.body).toEqual(REFUSED);
  expect(await identitiesOf(member.id)).toHaveLength(1);
});

test("two members side by side: each one's code works only with their own token, and a refused try does not spend it", async () => {
  const alice = await memberWithToken("fl-alice");
  const bob = await memberWithToken("fl-bob");
  const aliceCode = await insertLinkCode(alice.member.id, provider);
  const bobCode = await insertLinkCode(bob.member.id, provider);

  for (const [caller, code] of [
    [alice, bobCode.code],
    [bob, aliceCode.code],
  ] as const) {
    const stolen = await finalize(caller.token, { code });
    expect(stolen.status).toBe(400);
    expect(stolen.body).toEqual(REFUSED);
  }
  expect(await identitiesOf(alice.member.id)).toEqual([]);
  expect(await identitiesOf(bob.member.id)).toEqual([]);
  expect(await linkCodeRow(aliceCode.code)).toEqual({ user_id: alice.member.id });
  expect(await linkCodeRow(bobCode.code)).toEqual({ user_id: bob.member.id });

  expect((await finalize(alice.token, { code: aliceCode.code })).status).toBe(200);
  expect((await finalize(bob.token, { code: bobCode.code })).status).toBe(200);
  expect((await identitiesOf(alice.member.id)).map((row) => row.subject)).toEqual([aliceCode.subject]);
  expect((await identitiesOf(bob.member.id)).map((row) => row.subject)).toEqual([bobCode.subject]);

  const aliceList = (await list(alice.token)).body.identities;
  const bobList = (await list(bob.token)).body.identities;
  expect(aliceList).toHaveLength(1);
  expect(bobList).toHaveLength(1);
  expect(aliceList[0].id).not.toBe(bobList[0].id);
  // Bob cannot remove Alice's identity: not found, and it stays.
  const foreign = await remove(bob.token, aliceList[0].id);
  expect(foreign.status).toBe(404);
  expect(foreign.body).toEqual(notFound("linked identity"));
  expect(await identitiesOf(alice.member.id)).toHaveLength(1);
});

test("an unknown, expired or made-up code is the same invalid_request and changes nothing", async () => {
  const { member, token } = await memberWithToken("fl-unknown");
  const expired = await insertLinkCode(member.id, provider, { secondsLeft: -1 });
  const cases: [string, string][] = [
    ["a code never issued", "A".repeat(43)],
    ["an expired code", expired.code],
    ["a code of the wrong shape", "123456"],
    ["a code of the maximum length", "x".repeat(128)],
  ];
  for (const [label, code] of cases) {
    const answer = await finalize(token, { code });
    expect(answer.status, label).toBe(400);
    expect(answer.body, label).toEqual(REFUSED);
  }
  expect(await identitiesOf(member.id)).toEqual([]);
});

test("malformed bodies are invalid_request naming the problem, and leave the code alone", async () => {
  const { member, token } = await memberWithToken("fl-malformed");
  const { code } = await insertLinkCode(member.id, provider);
  const cases: [string, { body?: unknown; rawBody?: string; headers?: Record<string, string> }, string][] = [
    ["not JSON", { rawBody: "{", headers: { "content-type": "application/json" } }, "the body is not valid JSON"],
    ["a form instead of JSON", { rawBody: `code=${code}`, headers: { "content-type": "application/x-www-form-urlencoded" } }, "the body must be application/json"],
    ["no body", { rawBody: "", headers: { "content-type": "application/json" } }, "the body is not valid JSON"],
    ["no code", { body: {} }, "code: is required"],
    ["an empty code", { body: { code: "" } }, "code: is required"],
    ["a number", { body: { code: 123456 } }, "code: must be a string"],
    ["a longer code than any we issue", { body: { code: "x".repeat(129) } }, "code: is unknown or has expired"],
    ["an unknown field", { body: { code, provider: provider.id } }, 'Unrecognized key: "provider"'],
    ["an array", { body: [code] }, "Invalid input: expected object, received array"],
  ];
  for (const [label, options, description] of cases) {
    const answer = await api("POST", FINALIZE, token, options);
    expect(answer.status, label).toBe(400);
    expect(answer.body, label).toEqual({ error: "invalid_request", error_description: description });
  }
  expect(await linkCodeRow(code)).toEqual({ user_id: member.id });
  expect(await identitiesOf(member.id)).toEqual([]);
});

test("every way a token is refused is invalid_token with WWW-Authenticate, on finalize and on the linked identities", async () => {
  const { member, token } = await memberWithToken("fl-tokens");
  const { code } = await insertLinkCode(member.id, provider);
  for (const [label, tokenFor, headers, description] of await refusedTokens(member, token)) {
    const refusedToken = await tokenFor();
    for (const answer of [await finalize(refusedToken, { code }, headers), await list(refusedToken, headers), await remove(refusedToken, crypto.randomUUID(), headers)]) {
      expect(answer.status, label).toBe(401);
      expect(answer.body, label).toEqual({ error: "invalid_token", error_description: description });
      expect(answer.headers.get("www-authenticate"), label).toBe(`Bearer error="invalid_token", error_description="${description}"`);
    }
  }
  expect(await linkCodeRow(code)).toEqual({ user_id: member.id });
});

test("a member without the profile permissions is forbidden, naming the permission", async () => {
  const { member, token } = await memberWithToken("fl-no-roles", { roles: "none" });
  const { code } = await insertLinkCode(member.id, provider);
  const finalized = await finalize(token, { code });
  expect(finalized.status).toBe(403);
  expect(finalized.body).toEqual({ error: "forbidden", error_description: "missing permission profile:write" });
  expect(await linkCodeRow(code)).toEqual({ user_id: member.id });
  const listed = await list(token);
  expect(listed.status).toBe(403);
  expect(listed.body).toEqual({ error: "forbidden", error_description: "missing permission profile:read" });
  const removed = await remove(token, crypto.randomUUID());
  expect(removed.status).toBe(403);
  expect(removed.body).toEqual({ error: "forbidden", error_description: "missing permission profile:write" });
});

test("an identity linked meanwhile to someone else is a conflict; linked to the caller already, the same 200 with the first linked_at", async () => {
  const first = await memberWithToken("fl-first");
  const second = await memberWithToken("fl-second");
  const subject = `sub-shared-${crypto.randomUUID()}`;
  const firstCode = await insertLinkCode(first.member.id, provider, { subject });
  const secondCode = await insertLinkCode(second.member.id, provider, { subject });
  const linked = await finalize(first.token, { code: firstCode.code });
  expect(linked.status).toBe(200);

  const conflict = await finalize(second.token, { code: secondCode.code });
  expect(conflict.status).toBe(409);
  expect(conflict.body).toEqual({ error: "conflict", error_description: "this external identity is already linked to another account" });
  expect(await identitiesOf(second.member.id)).toEqual([]);

  const repeat = await insertLinkCode(first.member.id, provider, { subject });
  const same = await finalize(first.token, { code: repeat.code });
  expect(same.status).toBe(200);
  expect(same.body).toEqual(linked.body);
  expect(await identitiesOf(first.member.id)).toHaveLength(1);
});

test("refused codes are limited per member: five free, then 429 with Retry-After, even for the right code", async () => {
  const { member, token } = await memberWithToken("fl-limit");
  const { code } = await insertLinkCode(member.id, provider);
  for (let attempt = 1; attempt <= 5; attempt++) {
    const answer = await finalize(token, { code: `wrong-${attempt}` });
    expect(answer.status, `attempt ${attempt}`).toBe(400);
    expect(answer.body).toEqual(REFUSED);
  }
  const sixth = await finalize(token, { code: "wrong-6" });
  expect(sixth.status).toBe(429);
  expect(sixth.body).toEqual({ error: "too_many_requests", error_description: "too many attempts; try again later" });
  const retryAfter = Number(sixth.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(2);

  // From another address the member is still blocked (the limit is the member's), and the right code waits.
  const blocked = await finalize(token, { code }, { "x-forwarded-for": "10.250.250.250" });
  expect(blocked.status).toBe(429);
  expect(await linkCodeRow(code)).toEqual({ user_id: member.id });

  await new Promise((resolve) => setTimeout(resolve, (retryAfter + 0.5) * 1000));
  const after = await finalize(token, { code });
  expect(after.status).toBe(200);
  expect(after.body.status).toBe("linked");
});

test("the linked identities list: oldest first, emails masked, dates as stored, only the member's own", async () => {
  const alice = await memberWithToken("fl-list-alice");
  const bob = await memberWithToken("fl-list-bob");
  const rows = await sql<{ id: string }>(
    `INSERT INTO federated_identity (user_id, provider_id, issuer, subject, email, linked_at, last_used_at) VALUES
       ($1, $3, $4, $5, 'alice.smith@mail.example', '2026-01-02T03:04:05.678Z', '2026-02-03T04:05:06.789Z'),
       ($1, $3, $4, $6, NULL, '2026-01-01T00:00:00.000Z', NULL),
       ($2, $3, $4, $7, 'bob@mail.example', '2026-03-01T00:00:00.000Z', NULL)
     RETURNING id`,
    [alice.member.id, bob.member.id, provider.id, provider.issuer, `a1-${crypto.randomUUID()}`, `a2-${crypto.randomUUID()}`, `b1-${crypto.randomUUID()}`],
  );
  const [aliceLater, aliceEarlier, bobs] = rows.map((row) => row.id);

  const aliceList = await list(alice.token);
  expect(aliceList.status).toBe(200);
  expect(aliceList.headers.get("cache-control")).toBe("no-store");
  expect(aliceList.body).toEqual({
    identities: [
      { id: aliceEarlier, provider: provider.id, provider_name: provider.displayName, email: null, linked_at: "2026-01-01T00:00:00.000Z", last_used_at: null },
      {
        id: aliceLater,
        provider: provider.id,
        provider_name: provider.displayName,
        email: "a***@m***.example",
        linked_at: "2026-01-02T03:04:05.678Z",
        last_used_at: "2026-02-03T04:05:06.789Z",
      },
    ],
  });
  expect(JSON.stringify(aliceList.body)).not.toContain("alice.smith");
  expect((await list(bob.token)).body).toEqual({
    identities: [{ id: bobs, provider: provider.id, provider_name: provider.displayName, email: "b***@m***.example", linked_at: "2026-03-01T00:00:00.000Z", last_used_at: null }],
  });

  const empty = await memberWithToken("fl-list-empty");
  expect((await list(empty.token)).body).toEqual({ identities: [] });
});

test("removing a linked identity answers it with status removed, logs it, and a second removal is not found", async () => {
  const { member, token } = await memberWithToken("fl-remove");
  const [row] = await sql<{ id: string }>(
    `INSERT INTO federated_identity (user_id, provider_id, issuer, subject, email, linked_at) VALUES ($1, $2, $3, $4, 'rm.me@mail.example', '2026-04-05T06:07:08.090Z') RETURNING id`,
    [member.id, provider.id, provider.issuer, `rm-${crypto.randomUUID()}`],
  );

  for (const bad of ["not-a-uuid", crypto.randomUUID()]) {
    const missing = await remove(token, bad);
    expect(missing.status, bad).toBe(404);
    expect(missing.body, bad).toEqual(notFound("linked identity"));
  }

  const removed = await remove(token, row!.id);
  expect(removed.status).toBe(200);
  expect(removed.body).toEqual({
    id: row!.id,
    provider: provider.id,
    provider_name: provider.displayName,
    email: "r***@m***.example",
    linked_at: "2026-04-05T06:07:08.090Z",
    status: "removed",
  });
  expect(removed.body.id).toMatch(UUID);
  expect(await identitiesOf(member.id)).toEqual([]);
  expect((await list(token)).body).toEqual({ identities: [] });
  expect((await securityEvents(member.id)).filter((event) => event.type.startsWith("federated"))).toEqual([
    { type: "federated_identity_removed", detail: { provider: provider.id, provider_name: provider.displayName, email: "r***@m***.example" } },
  ]);

  const again = await remove(token, row!.id);
  expect(again.status).toBe(404);
  expect(again.body).toEqual(notFound("linked identity"));
});
