import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { expect, test } from "@playwright/test";
import { eventBody, staffWithToken } from "../support/admin.ts";
import { api, invalidRequest } from "../support/contacts.ts";
import { DEMO_APP } from "../support/oauth-browser.ts";
import { ISSUER, basic } from "../support/oauth-client.ts";

// What the hostile-input proof (scripts/proofs/fuzz.ts, decision 0016) found, one request each, with the
// exact answer now expected. Before the fixes each was a 500, an empty body, or a shape of another surface.

const base = new URL(ISSUER);

/** One request written as raw bytes (fetch would refuse or re-encode these targets), answer parsed by hand. */
function raw(target: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: base.hostname, port: Number(base.port) }, () => {
      const lines = [`GET ${target} HTTP/1.1`, `Host: ${base.host}`, "Connection: close", ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
      socket.end(Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1"));
    });
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const [head = "", ...rest] = text.split("\r\n\r\n");
      const [statusLine = "", ...headerLines] = head.split("\r\n");
      const parsed: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(":");
        if (colon > 0) parsed[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(" ")[1]), headers: parsed, body: rest.join("\r\n\r\n") });
    });
  });
}

test("a method a route lacks is 405 in the route's own shape, with Allow", async ({ request }) => {
  const identity = await request.put("/api/v1/consents/me");
  expect(identity.status()).toBe(405);
  expect(identity.headers()["allow"]).toBe("GET, POST, HEAD, OPTIONS");
  expect(await identity.json()).toEqual({ error: "method_not_allowed", error_description: "PUT is not allowed here; use GET or POST" });

  const calendar = await request.post("/api/calendar/events/upcoming");
  expect(calendar.status()).toBe(405);
  expect(await calendar.json()).toEqual({ error: true, message: "method POST is not allowed", statusCode: 405 });

  const token = await request.get("/oauth/token");
  expect(token.status()).toBe(405);
  expect((await token.json()).error).toBe("invalid_request");

  const form = await request.get("/auth/sign-in", { maxRedirects: 0 });
  expect(form.status()).toBe(303);
  expect(form.headers()["location"]).toBe("/sign-in");
});

test("a target that is not UTF-8 or holds raw bytes is 400 in the surface's shape", async () => {
  const escape = await raw("/api/v1/users/me/recovery-contacts/%ED%A0%80");
  expect(escape.status).toBe(400);
  expect(JSON.parse(escape.body)).toEqual({ error: "invalid_request", error_description: "the request URL is malformed (percent-encode it as UTF-8)" });

  const bytes = await raw("/api/calendar/events/upcoming?\xff=\xfe");
  expect(bytes.status).toBe(400);
  expect(JSON.parse(bytes.body)).toEqual({ error: true, message: "the request URL is malformed", statusCode: 400 });

  const headers = await raw("/api/v1/users/me", { cookie: `big=${"x".repeat(20_000)}` });
  expect(headers.status).toBe(400);
  expect(JSON.parse(headers.body)).toEqual({ error: "invalid_request", error_description: "the request headers are too large" });
});

test("unknown addresses under /api, /api/calendar and /.well-known answer JSON 404s", async ({ request }) => {
  expect(await (await request.get("/api/nothing-here")).json()).toEqual({ error: "not_found", error_description: "no such route" });
  const calendar = await request.get("/api/calendar");
  expect(calendar.status()).toBe(404);
  expect(await calendar.json()).toEqual({ error: true, message: "not found", statusCode: 404 });
  expect((await request.post("/.well-known/x", { multipart: { a: "b" } })).status()).toBe(404);
});

test("a malformed session cookie is no session: the authorization endpoint still asks the member to sign in", async ({ request }) => {
  const url = new URL("/oauth/authorize", ISSUER);
  for (const [name, value] of Object.entries({ response_type: "code", client_id: DEMO_APP.id, redirect_uri: DEMO_APP.redirectUri, scope: "openid", state: "s", code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", code_challenge_method: "S256" })) {
    url.searchParams.set(name, value);
  }
  const response = await request.get(url.toString(), { headers: { cookie: "session=%ZZ; __Host-session=%ZZ" }, maxRedirects: 0 });
  expect(response.status()).toBe(303);
  expect(response.headers()["location"]).toMatch(/^\/sign-in\?request=/);
});

test("a NUL character is the caller's error, not a 500", async ({ request }) => {
  const token = await request.post("/oauth/token", { headers: { authorization: basic("\u0000", "\u0000"), "content-type": "application/x-www-form-urlencoded" }, data: "grant_type=client_credentials" });
  expect(token.status()).toBeLessThan(500);
  const introspect = await request.post("/oauth/introspect", { headers: { "content-type": "application/x-www-form-urlencoded" }, data: "token=abc&client_id=%00&client_secret=x" });
  expect(introspect.status()).toBeLessThan(500);
  expect([400, 401]).toContain(introspect.status());
  const page = await request.get("/register?request=%00");
  expect(page.status()).toBe(200);
  const resume = await request.get("/oauth/authorize/resume?request=%00", { maxRedirects: 0 });
  expect(resume.status()).toBe(303);
});

test("Object's own members are no error codes or field names on our pages", async ({ request }) => {
  for (const path of ["/oauth/error?error=__proto__", "/oauth/error?error=constructor", "/sign-in?error=invalid_request&field=__proto__", "/register?error=invalid_request&field=constructor", "/forgot-password?error=invalid_request&field=toString"]) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
});

// Over the parameters' 2,048-character limit but inside the form's 16 KiB (a larger form is refused whole,
// on our error page, before any parameter is read).
test("an over-long state is not echoed into the client's redirect", async ({ request }) => {
  const response = await request.post("/oauth/authorize", {
    form: { response_type: "code", client_id: DEMO_APP.id, redirect_uri: DEMO_APP.redirectUri, scope: "openid", state: "x".repeat(10_000) },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  const location = new URL(response.headers()["location"]!);
  expect(location.searchParams.get("error")).toBe("invalid_request");
  expect(location.searchParams.has("state")).toBe(false);
});

test("the federated link finalize route, JSON under /oauth, answers headers over 16 KB in the identity shape", async () => {
  const answer = await raw("/oauth/federated/link/finalize", { cookie: `big=${"x".repeat(20_000)}` });
  expect(answer.status).toBe(400);
  expect(answer.headers["content-type"]).toMatch(/^application\/json/);
  expect(JSON.parse(answer.body)).toEqual({ error: "invalid_request", error_description: "the request headers are too large" });
});

test("headers over 16 KB right after a body on a keep-alive connection are refused in their own route's shape", async () => {
  // The previous request's body tail and the next request line arrive in one read, the headers over the
  // limit in later ones: the refusal was the HTML page of the previous request's surface.
  const text = await new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect({ host: base.hostname, port: Number(base.port) }, async () => {
      socket.write(`POST /oauth/authorize HTTP/1.1\r\nHost: ${base.host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 5\r\n\r\n`);
      await sleep(200);
      socket.write(`a=b&cPOST /api/v1/users/me HTTP/1.1\r\nHost: ${base.host}\r\nCookie: big=${"x".repeat(1000)}`);
      await sleep(200);
      socket.write(`${"x".repeat(20_000)}\r\n\r\n`);
    });
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
  const last = text.slice(text.lastIndexOf("HTTP/1.1 "));
  expect(last).toMatch(/^HTTP\/1\.1 400 /);
  expect(last).toMatch(/\r\ncontent-type: application\/json/i);
  expect(JSON.parse(last.slice(last.indexOf("\r\n\r\n") + 4))).toEqual({ error: "invalid_request", error_description: "the request headers are too large" });
});

test("a request line split between two reads, after a page on a keep-alive connection, is refused in its own route's shape", async () => {
  // After a large body the next request line may end one read and begin the next: the refusal was the HTML
  // page of the request before (found by the hostile-input proof: DELETE /api/v1/families/me, seed 247276).
  const text = await new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    // The page's whole answer first: a refusal written while it still streams would cut it short.
    let pageAnswered: () => void = () => undefined;
    const pageDone = new Promise<void>((resolve) => (pageAnswered = resolve));
    const socket = net.connect({ host: base.hostname, port: Number(base.port) }, async () => {
      socket.setNoDelay(true);
      socket.write(`GET /sign-in HTTP/1.1\r\nHost: ${base.host}\r\n\r\n`);
      await pageDone;
      await sleep(200);
      socket.write("DELETE /api/v1/fam");
      await sleep(200);
      socket.write(`ilies/me HTTP/1.1\r\nHost: ${base.host}\r\nContent-Encoding: gzip\r\nCookie: big=${"x".repeat(20_000)}\r\n\r\n`);
    });
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      if (Buffer.concat(chunks).includes("</html>")) pageAnswered();
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
  expect(text).toMatch(/^HTTP\/1\.1 200 /);
  const last = text.slice(text.lastIndexOf("HTTP/1.1 "));
  expect(last).toMatch(/^HTTP\/1\.1 400 /);
  expect(last).toMatch(/\r\ncontent-type: application\/json/i);
  expect(JSON.parse(last.slice(last.indexOf("\r\n\r\n") + 4))).toEqual({ error: "invalid_request", error_description: "the request headers are too large" });
});

test("a staff date that does not exist, or whose instant PostgreSQL cannot store, is invalid_request, not a 500", async () => {
  const { token } = await staffWithToken("hostile-dates");
  for (const from of ["2026-13-45", "0000-00-00"]) {
    expect((await api("GET", `/api/v1/admin/events?from=${from}`, token)).body).toEqual(invalidRequest("from: must be a date that exists"));
  }
  // 01:00 on 1 January of year 1 in Tokyo is in year 0 UTC.
  const early = await api("POST", "/api/v1/admin/events", token, { body: eventBody({ startDate: "0001-01-01", endDate: "0001-01-01", startTime: "01:00", endTime: "02:00", timezone: "Asia/Tokyo" }) });
  expect(early.status).toBe(400);
  expect(early.body).toEqual(invalidRequest("startDate: must be a date from 1900-01-01 to 2999-12-31; endDate: must be a date from 1900-01-01 to 2999-12-31"));
});
