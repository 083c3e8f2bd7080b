import { randomBytes, randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createTestMember, uniqueEmail } from "../support/oauth-accounts.ts";
import { DEMO_PASSWORD, OAuthBrowser, hiddenInputs, inputValue } from "../support/oauth-browser.ts";
import { sql } from "../support/database.ts";
import { parkRequestFor } from "../support/parked-requests.ts";

// The password step of the authorization server's sign-in (POST /auth/sign-in) in both answer modes, its
// attempt limits, CSRF, sign-out, and how it hands a parked authorization request back. Each test uses
// accounts of its own (or a made-up IP address), so limits counted by one test never touch another.

// Every test posts from an IP address of its own (X-Forwarded-For, which the server reads as the client's),
// as members on different networks would: the per-IP limits then count each test alone, however many
// tests of the suite run from 127.0.0.1 and however often the suite is rerun on one database.
let client: Record<string, string> = {};
test.beforeEach(() => {
  client = { "x-forwarded-for": `10.${[...randomBytes(3)].join(".")}` };
});
const json = (): Record<string, string> => ({ accept: "application/json", ...client });
const plain = (): Record<string, string> => ({ ...client });
const INVALID_CREDENTIALS = {
  error: "invalid_credentials",
  error_description: "That email and password don’t match an account. Check them and try again.",
};
const FORBIDDEN = { error: "forbidden", error_description: "This form has expired. Please try again." };

/** Opens the sign-in page (which sets the CSRF cookie) and posts its form with these fields. */
async function postSignIn(browser: OAuthBrowser, fields: Record<string, string>, headers: Record<string, string> = json(), page = "/sign-in") {
  const { status, html } = await browser.page(page);
  expect(status).toBe(200);
  return browser.fetch("/auth/sign-in", { form: { ...hiddenInputs(html), ...fields }, headers });
}

function setCookie(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}

/** A parked authorization request of demo-app, written as the authorization endpoint would, bound to `browser`. */
function parkRequest(browser: OAuthBrowser, extra: Record<string, unknown> = {}): Promise<string> {
  return parkRequestFor(browser, {
    client_id: "demo-app",
    redirect_uri: "http://127.0.0.1:8080/callback",
    response_type: "code",
    scope: "openid profile email",
    state: "state-1",
    code_challenge: randomBytes(32).toString("base64url"),
    code_challenge_method: "S256",
    ...extra,
  });
}

test.describe("POST /auth/sign-in", () => {
  test("the right password signs in: an HttpOnly, SameSite=Lax session cookie and the way to /account", async () => {
    const member = await createTestMember("sign-in-ok");
    const browser = new OAuthBrowser();
    const response = await postSignIn(browser, { email: `  ${member.email.toUpperCase()} `, password: DEMO_PASSWORD });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ redirect_to: "/account" });
    const cookie = setCookie(response, "session");
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=lax/i);
    expect(cookie).toMatch(/Path=\//);

    const sessions = await sql<{ amr: string[]; revoked_at: Date | null }>(`SELECT amr, revoked_at FROM session WHERE user_id = $1`, [member.id]);
    expect(sessions).toEqual([{ amr: ["pwd"], revoked_at: null }]);
    const events = await sql<{ type: string }>(`SELECT type FROM security_event WHERE user_id = $1 ORDER BY created_at`, [member.id]);
    expect(events.map((event) => event.type)).toEqual(["sign_in"]);
  });

  test("without JavaScript the form answers 303: to the next page, or back to the form with ?error=", async () => {
    const member = await createTestMember("sign-in-form");
    const wrong = await postSignIn(new OAuthBrowser(), { email: member.email, password: "not the password" }, plain());
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get("location")).toBe("/sign-in?error=invalid_credentials");

    const right = await postSignIn(new OAuthBrowser(), { email: member.email, password: DEMO_PASSWORD }, plain());
    expect(right.status).toBe(303);
    expect(right.headers.get("location")).toBe("/account");
    expect(setCookie(right, "session")).toBeDefined();
  });

  test("return_to is followed only to a path on this site", async () => {
    const member = await createTestMember("sign-in-return");
    const cases: [string, string][] = [
      ["/calendar?type=SERVICE", "/calendar?type=SERVICE"],
      ["//evil.example/steal", "/account"],
      ["https://evil.example/", "/account"],
      ["/\\evil.example", "/account"],
    ];
    for (const [returnTo, expected] of cases) {
      const response = await postSignIn(new OAuthBrowser(), { email: member.email, password: DEMO_PASSWORD, return_to: returnTo });
      expect(await response.json(), returnTo).toEqual({ redirect_to: expected });
    }
  });

  test("a wrong password and an unknown address get the same 401, and only a real account logs it", async () => {
    const member = await createTestMember("sign-in-wrong");
    const cases = [
      { email: member.email, password: "not the password" },
      { email: uniqueEmail("nobody"), password: DEMO_PASSWORD },
    ];
    for (const fields of cases) {
      const response = await postSignIn(new OAuthBrowser(), fields);
      expect(response.status).toBe(401);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.json()).toEqual(INVALID_CREDENTIALS);
    }
    const [failure] = await sql<{ type: string; detail: unknown }>(`SELECT type, detail FROM security_event WHERE user_id = $1`, [member.id]);
    expect(failure).toEqual({ type: "sign_in_failed", detail: { reason: "password" } });
  });

  test("per account: 5 free failures, then 429 with Retry-After, and the member gets back in after the wait", async () => {
    const member = await createTestMember("sign-in-limit");
    const browser = new OAuthBrowser();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await postSignIn(browser, { email: member.email, password: `wrong ${attempt}` });
      expect(response.status, `failure ${attempt}`).toBe(401);
    }
    // The 6th failure starts a 2-second block (2^(6-5) s) and says so at once.
    const sixth = await postSignIn(browser, { email: member.email, password: "wrong 6" });
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get("retry-after")).toBe("2");
    expect(await sixth.json()).toEqual({ error: "too_many_requests", error_description: "Too many attempts. Try again in 2 seconds." });

    // Even the right password waits: the block is checked before the password.
    const blocked = await postSignIn(browser, { email: member.email, password: DEMO_PASSWORD });
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(2);

    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 300));
    const after = await postSignIn(browser, { email: member.email, password: DEMO_PASSWORD });
    expect(after.status).toBe(200);
    // A success forgets the account's failures: the next typo is free again.
    const again = await postSignIn(browser, { email: member.email, password: "wrong again" });
    expect(again.status).toBe(401);
  });

  test("an unknown address is limited exactly like a real one, so 429s do not reveal accounts", async () => {
    const email = uniqueEmail("sign-in-ghost");
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt++) statuses.push((await postSignIn(new OAuthBrowser(), { email, password: "guess" })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  test("per IP address: 50 failures over any accounts, then 429 for every account from that address only", async () => {
    // An address of this test's own: what the test, playing the trusted proxy, appends to X-Forwarded-For
    // (the last hop). The first is what the client claimed, which counts for nothing.
    const ip = `10.0.0.1, 10.${[...randomBytes(3)].join(".")}`;
    const fromIp = { ...json(), "x-forwarded-for": ip };
    const browser = new OAuthBrowser();
    const { html } = await browser.page("/sign-in");
    const hidden = hiddenInputs(html);
    for (let attempt = 1; attempt <= 50; attempt++) {
      const response = await browser.fetch("/auth/sign-in", { form: { ...hidden, email: uniqueEmail(`ip-${attempt}`), password: "guess" }, headers: fromIp });
      expect(response.status, `failure ${attempt}`).toBe(401);
      await response.body?.cancel();
    }
    const fiftyFirst = await browser.fetch("/auth/sign-in", { form: { ...hidden, email: uniqueEmail("ip-51"), password: "guess" }, headers: fromIp });
    expect(fiftyFirst.status).toBe(429);
    expect(fiftyFirst.headers.get("retry-after")).toBe("2");

    const member = await createTestMember("sign-in-ip");
    const blocked = await browser.fetch("/auth/sign-in", { form: { ...hidden, email: member.email, password: DEMO_PASSWORD }, headers: fromIp });
    expect(blocked.status).toBe(429);
    const elsewhere = await browser.fetch("/auth/sign-in", {
      form: { ...hidden, email: member.email, password: DEMO_PASSWORD },
      headers: json(),
    });
    expect(elsewhere.status).toBe(200);
  });

  test("invalid fields answer 400 invalid_request naming the field", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ email: "not-an-email", password: "x" }, "email: Enter your email address, like name@example.org."],
      [{ email: "a@example.org", password: "" }, "password: Enter your password."],
      [{ email: "a@example.org", password: "x", request: "../../etc" }, "request: This sign-in link is not valid. Go back to the app and try again."],
    ];
    for (const [fields, description] of cases) {
      const response = await postSignIn(new OAuthBrowser(), fields);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "invalid_request", error_description: description });
    }
    const form = await postSignIn(new OAuthBrowser(), { email: "not-an-email", password: "x" }, plain());
    expect(form.headers.get("location")).toBe("/sign-in?error=invalid_request&field=email");
  });
});

test.describe("CSRF", () => {
  test("a post without the token, with a wrong one, without the cookie or from another site is refused", async () => {
    const member = await createTestMember("csrf");
    const credentials = { email: member.email, password: DEMO_PASSWORD };
    const browser = new OAuthBrowser();
    const { html } = await browser.page("/sign-in");
    const token = inputValue(html, "csrf_token");
    expect(token).toMatch(/^[\w-]{20,}$/);

    const cases: { label: string; send: () => Promise<Response> }[] = [
      { label: "no token", send: () => browser.fetch("/auth/sign-in", { form: credentials, headers: json() }) },
      { label: "wrong token", send: () => browser.fetch("/auth/sign-in", { form: { ...credentials, csrf_token: "forged" }, headers: json() }) },
      {
        label: "token without its cookie",
        send: () => new OAuthBrowser().fetch("/auth/sign-in", { form: { ...credentials, csrf_token: token! }, headers: json() }),
      },
      {
        label: "another site",
        send: () => browser.fetch("/auth/sign-in", { form: { ...credentials, csrf_token: token! }, headers: { ...json(), origin: "https://evil.example" } }),
      },
    ];
    for (const { label, send } of cases) {
      const response = await send();
      expect(response.status, label).toBe(403);
      expect(await response.json(), label).toEqual(FORBIDDEN);
      expect(setCookie(response, "session"), label).toBeUndefined();
    }
    const form = await browser.fetch("/auth/sign-in", { form: credentials, headers: plain() });
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toBe("/sign-in?error=forbidden");
    expect(await sql(`SELECT id FROM session WHERE user_id = $1`, [member.id])).toEqual([]);
  });

  test("every form handler checks it", async () => {
    for (const path of ["/auth/sign-in", "/auth/second-factor", "/auth/register", "/auth/verify-email", "/auth/resend-verification", "/auth/forgot-password", "/auth/reset-password", "/auth/consent", "/auth/sign-out"]) {
      const response = await new OAuthBrowser().fetch(path, { form: { csrf_token: "forged" }, headers: json() });
      expect(response.status, path).toBe(403);
      expect(await response.json(), path).toEqual(FORBIDDEN);
    }
  });
});

test.describe("POST /auth/sign-out", () => {
  test("ends the session, clears the cookie, and continues only to a path on this site", async () => {
    const member = await createTestMember("sign-out");
    const cases: [string | undefined, string][] = [
      ["/calendar", "/calendar"],
      [undefined, "/signed-out"],
      ["https://evil.example/", "/signed-out"],
      ["//evil.example", "/signed-out"],
    ];
    for (const [continueTo, expected] of cases) {
      const browser = new OAuthBrowser();
      expect((await postSignIn(browser, { email: member.email, password: DEMO_PASSWORD })).status).toBe(200);
      const [session] = await sql<{ id: string }>(`SELECT id FROM session WHERE user_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC LIMIT 1`, [member.id]);
      const { html } = await browser.page("/sign-out");
      expect(html).toContain(member.email);
      const response = await browser.fetch("/auth/sign-out", {
        form: { ...hiddenInputs(html), ...(continueTo ? { continue: continueTo } : {}) },
        headers: json(),
      });
      expect(await response.json()).toEqual({ redirect_to: expected });
      expect(setCookie(response, "session")).toMatch(/Max-Age=0/);
      const [ended] = await sql<{ revoked_at: Date | null }>(`SELECT revoked_at FROM session WHERE id = $1`, [session!.id]);
      expect(ended?.revoked_at).not.toBeNull();
    }
    const events = await sql<{ type: string }>(`SELECT type FROM security_event WHERE user_id = $1 AND type = 'sign_out'`, [member.id]);
    expect(events).toHaveLength(cases.length);
  });
});

test.describe("a parked authorization request", () => {
  test("signing in marks the request signed in and sends the browser back to the authorization endpoint", async () => {
    const member = await createTestMember("sign-in-request");
    const browser = new OAuthBrowser();
    const requestId = await parkRequest(browser, { login_hint: member.email });
    const page = `/sign-in?request=${encodeURIComponent(requestId)}`;
    const { html } = await browser.page(page);
    expect(inputValue(html, "email")).toBe(member.email);
    expect(inputValue(html, "request")).toBe(requestId);
    expect(html).toContain("to continue to Demo app");

    const response = await browser.fetch("/auth/sign-in", { form: { ...hiddenInputs(html), email: member.email, password: DEMO_PASSWORD }, headers: json() });
    expect(await response.json()).toEqual({ redirect_to: `/oauth/authorize/resume?request=${encodeURIComponent(requestId)}` });
    const [parked] = await sql<{ signed_in_session_id: string | null }>(`SELECT signed_in_session_id FROM authorization_request WHERE id = $1`, [requestId]);
    const [session] = await sql<{ id: string }>(`SELECT id FROM session WHERE user_id = $1`, [member.id]);
    expect(parked?.signed_in_session_id).toBe(session?.id);
  });

  test("a failure keeps the request in the way back to the form; an unknown request falls back to /account", async () => {
    const member = await createTestMember("sign-in-request-fail");
    const browser = new OAuthBrowser();
    const requestId = await parkRequest(browser);
    const wrong = await postSignIn(browser, { email: member.email, password: "nope", request: requestId }, plain());
    expect(wrong.headers.get("location")).toBe(`/sign-in?request=${encodeURIComponent(requestId)}&error=invalid_credentials`);
    const unknown = await postSignIn(new OAuthBrowser(), { email: member.email, password: DEMO_PASSWORD, request: randomUUID().replaceAll("-", "") });
    expect(await unknown.json()).toEqual({ redirect_to: "/account" });
  });

  test("another browser's request is ignored: the page names no app, and signing in only signs in", async () => {
    const member = await createTestMember("sign-in-request-other");
    const requestId = await parkRequest(new OAuthBrowser(), { login_hint: member.email });
    const browser = new OAuthBrowser();
    const { html } = await browser.page(`/sign-in?request=${encodeURIComponent(requestId)}`);
    expect(html).not.toContain("Demo app");
    expect(inputValue(html, "email")).toBe("");
    const response = await browser.fetch("/auth/sign-in", {
      form: { ...hiddenInputs(html), request: requestId, email: member.email, password: DEMO_PASSWORD },
      headers: json(),
    });
    expect(await response.json()).toEqual({ redirect_to: "/account" });
    const [parked] = await sql<{ signed_in_session_id: string | null }>(`SELECT signed_in_session_id FROM authorization_request WHERE id = $1`, [requestId]);
    expect(parked?.signed_in_session_id).toBeNull();
  });
});
