import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { generate } from "otplib";
import { DEMO_RECOVERY_CODES, DEMO_TOTP_SECRET } from "../../lib/demo/seed-identity.ts";
import { sql } from "../support/database.ts";
import { SEEDED, createTestMember, nextTotpCode, type TestMember } from "../support/oauth-accounts.ts";
import { DEMO_PASSWORD, OAuthBrowser, hiddenInputs } from "../support/oauth-browser.ts";
import { parkRequestFor } from "../support/parked-requests.ts";

// The second factor of sign-in (POST /auth/second-factor) for members with a confirmed TOTP: codes
// computed from the seeded secret with otplib, each accepted once; recovery codes, each usable once; the
// half-signed-in cookie; and the same attempt limits as passwords. Each test signs in a member of its own
// holding a copy of totp@example.org's authenticator, so spent steps and codes are its own.

// Every test posts from an IP address of its own (X-Forwarded-For, which the server reads as the client's),
// as members on different networks would: the per-IP limits then count each test alone, however many
// tests of the suite run from 127.0.0.1 and however often the suite is rerun on one database.
let client: Record<string, string> = {};
test.beforeEach(() => {
  client = { "x-forwarded-for": `10.${[...randomBytes(3)].join(".")}` };
});
const json = (): Record<string, string> => ({ accept: "application/json", ...client });
const plain = (): Record<string, string> => ({ ...client });
const WRONG = { error: "invalid_second_factor", error_description: "That code isn’t right. Check your authenticator app and try again." };

async function totpMember(label: string): Promise<TestMember> {
  return createTestMember(label, { totpSecret: DEMO_TOTP_SECRET });
}

/** The password step: answers the browser, now holding the half-signed-in cookie. */
async function passwordStep(member: TestMember, request?: string): Promise<OAuthBrowser> {
  const browser = new OAuthBrowser();
  const { html } = await browser.page("/sign-in");
  const response = await browser.fetch("/auth/sign-in", {
    form: { ...hiddenInputs(html), email: member.email, password: DEMO_PASSWORD, ...(request ? { request } : {}) },
    headers: json(),
  });
  expect(await response.json()).toEqual({ redirect_to: "/sign-in/second-factor" });
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith("pending-sign-in="));
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/Max-Age=300/);
  expect(browser.jar.get("session")).toBeUndefined();
  return browser;
}

async function secondFactor(browser: OAuthBrowser, code: string, headers: Record<string, string> = json()): Promise<Response> {
  const { status, html } = await browser.page("/sign-in/second-factor");
  expect(status).toBe(200);
  return browser.fetch("/auth/second-factor", { form: { ...hiddenInputs(html), code }, headers });
}

test("password, then the TOTP code: signed in with amr pwd+otp+mfa", async () => {
  const member = await totpMember("totp-ok");
  const browser = await passwordStep(member);
  const response = await secondFactor(browser, await nextTotpCode(member.email, DEMO_TOTP_SECRET));
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ redirect_to: "/account" });
  expect(browser.jar.get("session")).toBeDefined();
  expect(browser.jar.get("pending-sign-in")).toBeUndefined();
  const sessions = await sql<{ amr: string[] }>(`SELECT amr FROM session WHERE user_id = $1`, [member.id]);
  expect(sessions).toEqual([{ amr: ["pwd", "otp", "mfa"] }]);
  const [event] = await sql<{ detail: { method: string } }>(`SELECT detail FROM security_event WHERE user_id = $1 AND type = 'sign_in'`, [member.id]);
  expect(event?.detail.method).toBe("totp");
});

test("a TOTP code is accepted once, and an earlier one after it never", async () => {
  const member = await totpMember("totp-replay");
  const code = await nextTotpCode(member.email, DEMO_TOTP_SECRET);
  expect((await secondFactor(await passwordStep(member), code)).status).toBe(200);

  const replay = await secondFactor(await passwordStep(member), code);
  expect(replay.status).toBe(401);
  expect(await replay.json()).toEqual(WRONG);

  const [row] = await sql<{ last_used_step: string }>(`SELECT last_used_step FROM totp_credential WHERE user_id = $1`, [member.id]);
  const earlier = await generate({ secret: DEMO_TOTP_SECRET, epoch: (Number(row!.last_used_step) - 1) * 30 });
  const older = await secondFactor(await passwordStep(member), earlier);
  expect(older.status).toBe(401);
});

test("a wrong code, a code out of the ±1 step window, and no password step are refused", async () => {
  const member = await totpMember("totp-wrong");
  const browser = await passwordStep(member);
  const stale = await generate({ secret: DEMO_TOTP_SECRET, epoch: Math.floor(Date.now() / 1000) - 120 });
  for (const code of ["000000", stale]) {
    const response = await secondFactor(browser, code);
    expect(response.status, code).toBe(401);
    expect(await response.json()).toEqual(WRONG);
  }

  const stranger = new OAuthBrowser();
  const { html } = await stranger.page("/sign-in");
  const lapsed = await stranger.fetch("/auth/second-factor", { form: { ...hiddenInputs(html), code: "123456" }, headers: json() });
  expect(lapsed.status).toBe(401);
  expect(await lapsed.json()).toEqual({ error: "sign_in_expired", error_description: "Your sign-in took too long. Please sign in again." });
  const form = await stranger.fetch("/auth/second-factor", { form: { ...hiddenInputs(html), code: "123456" }, headers: plain() });
  expect(form.status).toBe(303);
  expect(form.headers.get("location")).toBe("/sign-in?error=sign_in_expired");
  // The page itself sends a browser without a half-finished sign-in back to the start.
  const page = await stranger.fetch("/sign-in/second-factor");
  expect(page.status).toBe(307);
  expect(page.headers.get("location")).toBe("/sign-in?error=sign_in_expired");
});

test("a recovery code works once, however it is typed", async () => {
  const member = await totpMember("totp-recovery");
  // Recovery codes are hashed without the user id: a copy of the seeded member's rows works for this one.
  await sql(
    `INSERT INTO recovery_code (user_id, code_hash) SELECT $1, r.code_hash FROM recovery_code r JOIN account a ON a.id = r.user_id WHERE a.email = $2`,
    [member.id, SEEDED.totp],
  );
  const code = DEMO_RECOVERY_CODES[0];
  const typed = ` ${code.toUpperCase().replace("-", " - ")} `;
  const response = await secondFactor(await passwordStep(member), typed);
  expect(await response.json()).toEqual({ redirect_to: "/account" });
  const [used] = await sql<{ detail: { remaining: number } }>(`SELECT detail FROM security_event WHERE user_id = $1 AND type = 'recovery_code_used'`, [member.id]);
  expect(used?.detail.remaining).toBe(DEMO_RECOVERY_CODES.length - 1);
  const sessions = await sql<{ amr: string[] }>(`SELECT amr FROM session WHERE user_id = $1`, [member.id]);
  expect(sessions).toEqual([{ amr: ["pwd", "otp", "mfa"] }]);

  const again = await secondFactor(await passwordStep(member), code);
  expect(again.status).toBe(401);
  expect(await again.json()).toEqual(WRONG);
});

test("second-factor guesses are limited per account: 5 free, then 429 with Retry-After", async () => {
  const member = await totpMember("totp-limit");
  const browser = await passwordStep(member);
  for (let attempt = 1; attempt <= 5; attempt++) expect((await secondFactor(browser, "000000")).status, `guess ${attempt}`).toBe(401);
  const sixth = await secondFactor(browser, "000000");
  expect(sixth.status).toBe(429);
  expect(sixth.headers.get("retry-after")).toBe("2");
  // A fresh password step does not reset the count: it is per account, not per half-finished sign-in.
  const other = await passwordStep(member);
  expect((await secondFactor(other, await nextTotpCode(member.email, DEMO_TOTP_SECRET))).status).toBe(429);
});

test("with a parked authorization request the second factor resumes it", async () => {
  const member = await totpMember("totp-request");
  const browser = new OAuthBrowser();
  const requestId = await parkRequestFor(browser, {
    client_id: "demo-app",
    redirect_uri: "http://127.0.0.1:8080/callback",
    response_type: "code",
    scope: "openid",
    code_challenge: "x".repeat(43),
    code_challenge_method: "S256",
  });
  const { html } = await browser.page(`/sign-in?request=${requestId}`);
  const password = await browser.fetch("/auth/sign-in", { form: { ...hiddenInputs(html), email: member.email, password: DEMO_PASSWORD }, headers: json() });
  expect(await password.json()).toEqual({ redirect_to: `/sign-in/second-factor?request=${requestId}` });
  const { html: page } = await browser.page(`/sign-in/second-factor?request=${requestId}`);
  const done = await browser.fetch("/auth/second-factor", {
    form: { ...hiddenInputs(page), code: await nextTotpCode(member.email, DEMO_TOTP_SECRET) },
    headers: json(),
  });
  expect(await done.json()).toEqual({ redirect_to: `/oauth/authorize/resume?request=${requestId}` });
});
