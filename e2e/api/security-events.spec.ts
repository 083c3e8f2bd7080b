import { expect, test } from "@playwright/test";
import { createTestMember } from "../support/oauth-accounts.ts";
import { callApi } from "../support/identity-api.ts";
import { portalTokensFor, tokensFor } from "../support/oauth-client.ts";

/** GET /api/v1/users/me/security-events: the member's own log, newest first, cursor-paged. */
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const get = (path: string, token: string) => callApi("GET", path, token);

test("the log lists the member's events newest first, and pages without gaps or repeats", async () => {
  const member = await createTestMember("security-log");
  await tokensFor(member); // a sign-in and a consent to demo-app
  const { access_token: token } = await portalTokensFor(member); // another sign-in, to the portal: the security log is account control
  const all = await get("/api/v1/users/me/security-events", token);
  expect(all.status).toBe(200);
  expect(all.body.next_cursor).toBeNull();
  expect(all.body.events.map((event: { type: string }) => event.type)).toEqual(["sign_in", "consent_granted", "sign_in"]);
  expect(all.body.events[0]).toEqual({
    id: expect.any(String),
    type: "sign_in",
    created_at: expect.stringMatching(ISO),
    ip: expect.any(String),
    device: expect.any(String),
    browser: expect.any(String),
    detail: expect.objectContaining({ method: "password", amr: ["pwd"] }),
  });

  const seen: string[] = [];
  let path = "/api/v1/users/me/security-events?limit=1";
  for (let page = 0; page < 5; page++) {
    const answer = await get(path, token);
    expect(answer.body.events.length).toBeLessThanOrEqual(1);
    seen.push(...answer.body.events.map((event: { id: string }) => event.id));
    if (!answer.body.next_cursor) break;
    path = `/api/v1/users/me/security-events?limit=1&cursor=${encodeURIComponent(answer.body.next_cursor)}`;
  }
  expect(seen).toEqual(all.body.events.map((event: { id: string }) => event.id));
});

test("bad paging parameters and someone else's cursor are invalid_request; nobody sees another's events", async () => {
  const owner = await createTestMember("security-log-owner");
  const other = await createTestMember("security-log-other");
  await tokensFor(owner);
  const ownerToken = (await portalTokensFor(owner)).access_token;
  const otherToken = (await portalTokensFor(other)).access_token;
  const first = await get("/api/v1/users/me/security-events?limit=1", ownerToken);
  const cursor = first.body.next_cursor as string;
  expect(cursor).toEqual(expect.any(String));

  const cases: [string, string][] = [
    ["limit=0", "limit: must be a whole number from 1 to 100"],
    ["limit=101", "limit: must be a whole number from 1 to 100"],
    ["limit=ten", "limit: must be a whole number from 1 to 100"],
    ["cursor=abc", "cursor: is invalid"],
    [`cursor=${encodeURIComponent(`${cursor.split(".")[0]}.AAAA`)}`, "cursor: is invalid"],
    ["limit=1&limit=2", "limit: is repeated"],
    ["sort=asc", "Unrecognized key"],
  ];
  for (const [query, description] of cases) {
    const answer = await get(`/api/v1/users/me/security-events?${query}`, ownerToken);
    expect(answer.status, query).toBe(400);
    expect(answer.body.error).toBe("invalid_request");
    expect(answer.body.error_description).toContain(description);
  }
  const stolen = await get(`/api/v1/users/me/security-events?cursor=${encodeURIComponent(cursor)}`, otherToken);
  expect(stolen.status).toBe(400);
  expect(stolen.body).toEqual({ error: "invalid_request", error_description: "cursor: is invalid" });

  const ownerIds = new Set((await get("/api/v1/users/me/security-events", ownerToken)).body.events.map((event: { id: string }) => event.id));
  const otherIds = (await get("/api/v1/users/me/security-events", otherToken)).body.events.map((event: { id: string }) => event.id);
  expect(otherIds.length).toBeGreaterThan(0);
  for (const id of otherIds) expect(ownerIds.has(id)).toBe(false);
});
