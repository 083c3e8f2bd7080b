import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { callApi } from "../support/identity-api.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { portalTokensFor } from "../support/oauth-client.ts";
import { startScratchServer } from "../support/scratch-server.ts";
import { POSTGRES_SERVER_LOG, TEST_DATABASE_URL } from "../support/test-env.ts";

/**
 * Security headers and request ids on every kind of answer (docs/decisions/0015): pages get a
 * Content-Security-Policy with a fresh nonce that Next puts on each of its scripts; everything else gets a
 * policy that allows nothing; all get nosniff, a Referrer-Policy, no framing, no X-Powered-By, and an
 * X-Request-Id that is also on the request's access-log line.
 */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function pagePolicy(nonce: string, formAction = "'self'"): string {
  return (
    `default-src 'self'; script-src 'self' 'nonce-${nonce}' 'strict-dynamic'; style-src 'self'; img-src 'self' data: http://127.0.0.1:${new URL(test.info().project.use.baseURL!).port}; ` +
    `font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action ${formAction}; frame-ancestors 'none'; ` +
    `frame-src http://127.0.0.1:${new URL(test.info().project.use.baseURL!).port}/admin/emails/preview/`
  );
}

function expectCommonHeaders(headers: Record<string, string>): void {
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-powered-by"]).toBeUndefined();
  // The test server's BASE_URL is http: no HSTS (see the https test below).
  expect(headers["strict-transport-security"]).toBeUndefined();
  expect(headers["x-request-id"]).toMatch(UUID);
}

/** The nonce of a page's policy, and every nonce attribute of its HTML's script tags. */
function nonces(policy: string, html: string): { policyNonce: string; scriptNonces: (string | null)[] } {
  const policyNonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];
  expect(policyNonce).toBeDefined();
  const scriptNonces = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => /\bnonce="([^"]*)"/.exec(match[0])?.[1] ?? null);
  return { policyNonce: policyNonce!, scriptNonces };
}

test("a page: its policy's nonce is on every script tag, and differs on every request", async ({ request }) => {
  const seen = new Set<string>();
  for (let i = 0; i < 3; i++) {
    const response = await request.get("/calendar");
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expectCommonHeaders(headers);
    const { policyNonce, scriptNonces } = nonces(headers["content-security-policy"]!, await response.text());
    expect(headers["content-security-policy"]).toBe(pagePolicy(policyNonce));
    expect(scriptNonces.length).toBeGreaterThan(3);
    expect(scriptNonces.every((nonce) => nonce === policyNonce)).toBe(true);
    seen.add(policyNonce);
  }
  expect(seen.size).toBe(3);
});

test("the sign-in page may post forms that end at a client's redirect URI; the 404 page is a page too", async ({ request }) => {
  const signIn = await request.get("/sign-in");
  const signInPolicy = signIn.headers()["content-security-policy"]!;
  expect(signInPolicy).toBe(pagePolicy(nonces(signInPolicy, "").policyNonce, "'self' https: http:"));
  const missing = await request.get("/no-such-page");
  expect(missing.status()).toBe(404);
  expectCommonHeaders(missing.headers());
  const { policyNonce, scriptNonces } = nonces(missing.headers()["content-security-policy"]!, await missing.text());
  expect(scriptNonces.every((nonce) => nonce === policyNonce)).toBe(true);
});

test.describe("everything that is not a page gets the policy that allows nothing", () => {
  const cases: [string, (request: import("@playwright/test").APIRequestContext) => Promise<import("@playwright/test").APIResponse>][] = [
    ["an identity API route (401)", (r) => r.get("/api/v1/users/me")],
    ["a system route", (r) => r.get("/api/v1/system/version")],
    ["an unknown /api/v1 route", (r) => r.get("/api/v1/nothing-here")],
    ["the calendar feed", (r) => r.get("/api/calendar/events/upcoming")],
    ["the calendar's iCalendar feed", (r) => r.get("/api/calendar/events/upcoming.ics")],
    ["a calendar preflight", (r) => r.fetch("/api/calendar/events/upcoming", { method: "OPTIONS" })],
    ["the token endpoint (npm start's fast path)", (r) => r.post("/oauth/token", { form: { grant_type: "client_credentials" } })],
    ["the revocation endpoint", (r) => r.post("/oauth/revoke", { form: { token: "x" } })],
    ["the authorization endpoint's redirect", (r) => r.get("/oauth/authorize", { maxRedirects: 0 })],
    ["the discovery document", (r) => r.get("/.well-known/openid-configuration")],
    ["the JWKS", (r) => r.get("/.well-known/jwks.json")],
    ["a sign-in form post (fast path)", (r) => r.post("/auth/sign-in", { form: { email: "x" }, headers: { accept: "application/json" } })],
    ["a registration form post", (r) => r.post("/auth/register", { form: { email: "x" }, headers: { accept: "application/json" } })],
    ["the OpenAPI document", (r) => r.get("/api/openapi.json")],
    ["event artwork", (r) => r.get("/images/events/worship.svg")],
  ];
  for (const [name, send] of cases) {
    test(name, async ({ request }) => {
      const response = await send(request);
      expect(response.status()).toBeLessThan(500);
      expectCommonHeaders(response.headers());
      expect(response.headers()["content-security-policy"]).toBe(API_POLICY);
    });
  }

  test("the calendar stays embeddable by fetch: CORS is untouched", async ({ request }) => {
    const response = await request.get("/api/calendar/events/upcoming");
    expect(response.headers()["access-control-allow-origin"]).toBe("*");
  });
});

test.describe("request ids", () => {
  test("a well-formed id from a proxy is kept, a malformed one replaced, on pages, API routes and the fast path", async ({ request }) => {
    for (const send of [
      (headers: Record<string, string>) => request.get("/calendar", { headers }),
      (headers: Record<string, string>) => request.get("/api/v1/system/health", { headers }),
      (headers: Record<string, string>) => request.post("/oauth/token", { form: { grant_type: "client_credentials" }, headers }),
    ]) {
      const kept = await send({ "x-request-id": "lb-7f3a9c2e-0001" });
      expect(kept.headers()["x-request-id"]).toBe("lb-7f3a9c2e-0001");
      const replaced = await send({ "x-request-id": "<script>alert(1)</script>" });
      expect(replaced.headers()["x-request-id"]).toMatch(UUID);
    }
  });

  test("each request writes one JSON access-log line with its id, and never its query string", async ({ request }) => {
    const id = `test-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const secret = `s3cret-${Math.random().toString(36).slice(2)}`;
    const response = await request.get(`/api/v1/system/health?code=123456&access_token=${secret}`, { headers: { "x-request-id": id } });
    expect(response.headers()["x-request-id"]).toBe(id);
    let line: Record<string, unknown> | undefined;
    await expect
      .poll(async () => {
        const lines = (await readFile(POSTGRES_SERVER_LOG, "utf8")).split("\n").filter((text) => text.includes(id));
        line = lines[0] ? (JSON.parse(lines[0]) as Record<string, unknown>) : undefined;
        return lines.length;
      })
      .toBe(1);
    expect(line).toEqual({
      time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      level: "info",
      msg: "request",
      requestId: id,
      method: "GET",
      path: "/api/v1/system/health",
      status: 200,
      durationMs: expect.any(Number),
    });
    expect(await readFile(POSTGRES_SERVER_LOG, "utf8")).not.toContain(secret);
  });

  test("the private feed's token never reaches the log: its path is logged with the token taken out, however it is written", async ({ request }) => {
    const member = await createTestMember("log-feed");
    const made = await callApi("POST", "/api/v1/users/me/schedule-feed", (await portalTokensFor(member)).access_token);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const path = new URL(made.body.url as string).pathname;
    const token = path.split("/").at(-1)!.replace(/\.ics$/, "");
    const unknown = `${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
    const asked: [method: "get" | "post", path: string, status: number][] = [
      ["get", path, 200],
      ["post", path, 405],
      ["get", `/api/calendar/mine/${token}`, 404],
      // Next redirects the repeated slash (308) to the feed itself: two lines under the request's id.
      ["get", `/api/calendar//mine/${token}.ics`, 200],
      ["get", `/api/calendar/mine/${unknown}.ics`, 404],
      ["get", `/api/calendar/mine/${unknown}%2Eics`, 404],
    ];
    for (const [method, target, status] of asked) {
      const id = `test-${Date.now()}-${Math.random().toString(36).slice(2)}`;
      const answer = await request[method](target, { headers: { "x-request-id": id } });
      expect([target, answer.status()]).toEqual([target, status]);
      let lines: Record<string, unknown>[] = [];
      await expect
        .poll(async () => {
          lines = (await readFile(POSTGRES_SERVER_LOG, "utf8"))
            .split("\n")
            .filter((text) => text.includes(`"requestId":"${id}"`) && text.includes('"msg":"request"'))
            .map((text) => JSON.parse(text) as Record<string, unknown>);
          return lines.some((line) => line.status === status);
        })
        .toBe(true);
      for (const line of lines) expect([target, line.path]).toEqual([target, expect.stringMatching(/^\/api\/calendar\/mine\/\[redacted\](\.ics)?$/)]);
    }
    const log = await readFile(POSTGRES_SERVER_LOG, "utf8");
    expect(log).not.toContain(token);
    expect(log).not.toContain(unknown);
  });
});

test("over https (BASE_URL): HSTS on pages and APIs, and the page policy upgrades insecure requests", async () => {
  test.setTimeout(90_000);
  const server = await startScratchServer({ DATABASE_URL: TEST_DATABASE_URL, BASE_URL: "https://church.example.org" });
  try {
    for (const path of ["/calendar", "/api/v1/system/health", "/api/calendar/events/upcoming"]) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(response.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
    }
    const page = await fetch(`${server.baseUrl}/calendar`);
    expect(page.headers.get("content-security-policy")).toMatch(/; upgrade-insecure-requests$/);
  } finally {
    await server.stop();
  }
});
