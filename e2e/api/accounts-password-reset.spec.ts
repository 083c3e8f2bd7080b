import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { sql } from "../support/database.ts";
import { createTestMember, uniqueEmail } from "../support/oauth-accounts.ts";
import { DEMO_PASSWORD, OAuthBrowser, hiddenInputs, inputValue } from "../support/oauth-browser.ts";
import { latestCodeFor, latestMessageTo, messagesTo, wrongCode } from "../support/outbox.ts";

// "Forgot password" (POST /auth/forgot-password, /auth/reset-password): a code by email, a new password,
// every session ended; and the same answers for an address no account has.

// Every test posts from an IP address of its own (X-Forwarded-For, which the server reads as the client's),
// as members on different networks would: the per-IP limits then count each test alone, however many
// tests of the suite run from 127.0.0.1 and however often the suite is rerun on one database.
let client: Record<string, string> = {};
test.beforeEach(() => {
  client = { "x-forwarded-for": `10.${[...randomBytes(3)].join(".")}` };
});
const json = (): Record<string, string> => ({ accept: "application/json", ...client });
const plain = (): Record<string, string> => ({ ...client });
const NEW_PASSWORD = "a brand new passphrase";

async function signIn(email: string, password: string): Promise<Response> {
  const browser = new OAuthBrowser();
  const { html } = await browser.page("/sign-in");
  return browser.fetch("/auth/sign-in", { form: { ...hiddenInputs(html), email, password }, headers: json() });
}

async function forgot(browser: OAuthBrowser, email: string, headers: Record<string, string> = json()) {
  const { html } = await browser.page("/forgot-password");
  return browser.fetch("/auth/forgot-password", { form: { ...hiddenInputs(html), email }, headers });
}

async function reset(browser: OAuthBrowser, fields: Record<string, string>, headers: Record<string, string> = json()) {
  const { html } = await browser.page("/forgot-password/reset");
  return browser.fetch("/auth/reset-password", { form: { ...hiddenInputs(html), ...fields }, headers });
}

test("forgot password → code → new password: every session ends and only the new password works", async () => {
  const member = await createTestMember("reset");
  for (let i = 0; i < 2; i++) expect((await signIn(member.email, DEMO_PASSWORD)).status).toBe(200);
  const before = await sql<{ id: string }>(`SELECT id FROM session WHERE user_id = $1 AND revoked_at IS NULL`, [member.id]);
  expect(before).toHaveLength(2);

  const browser = new OAuthBrowser();
  const asked = await forgot(browser, member.email.toUpperCase());
  expect(asked.status).toBe(200);
  expect(await asked.json()).toEqual({ redirect_to: "/forgot-password/reset" });
  const message = await latestMessageTo(member.email);
  expect(message.subject).toContain("Reset your password");
  const code = await latestCodeFor(member.email);

  const page = await browser.page("/forgot-password/reset");
  expect(inputValue(page.html, "email")).toBe(member.email);

  const done = await reset(browser, { email: member.email, code, password: NEW_PASSWORD });
  expect(done.status).toBe(200);
  expect(await done.json()).toEqual({ redirect_to: "/sign-in?notice=password_changed" });

  const after = await sql<{ id: string }>(`SELECT id FROM session WHERE user_id = $1 AND revoked_at IS NULL`, [member.id]);
  expect(after).toEqual([]);
  const events = await sql<{ type: string }>(`SELECT type FROM security_event WHERE user_id = $1 AND type LIKE 'password%' ORDER BY created_at`, [member.id]);
  expect(events.map((event) => event.type)).toEqual(["password_reset_requested", "password_changed"]);
  expect((await latestMessageTo(member.email)).subject).toContain("Your password was changed");

  expect((await signIn(member.email, DEMO_PASSWORD)).status).toBe(401);
  expect((await signIn(member.email, NEW_PASSWORD)).status).toBe(200);

  // The code was single use.
  const again = await reset(browser, { email: member.email, code, password: "yet another passphrase" });
  expect(again.status).toBe(400);
  expect((await again.json()).error).toBe("code_expired");
});

test("an address no account has gets the same answers, and no email", async () => {
  const member = await createTestMember("reset-known");
  const unknown = uniqueEmail("reset-unknown");
  const known = await forgot(new OAuthBrowser(), member.email);
  const ghost = await forgot(new OAuthBrowser(), unknown);
  expect(ghost.status).toBe(known.status);
  expect(await ghost.json()).toEqual(await known.json());
  expect(await messagesTo(unknown)).toEqual([]);

  const guess = wrongCode(await latestCodeFor(member.email));
  for (const email of [member.email, unknown]) {
    const response = await reset(new OAuthBrowser(), { email, code: guess, password: NEW_PASSWORD });
    expect(response.status, email).toBe(400);
    expect(await response.json(), email).toEqual({
      error: "invalid_code",
      error_description: "That code isn’t right. Check the newest message we sent you and try again. You have 4 more tries.",
    });
  }
});

test("a wrong code changes nothing; without JavaScript it goes back to the form with ?error=", async () => {
  const member = await createTestMember("reset-wrong");
  const browser = new OAuthBrowser();
  await forgot(browser, member.email, plain());
  const code = await latestCodeFor(member.email);
  const wrong = await reset(browser, { email: member.email, code: wrongCode(code), password: NEW_PASSWORD }, plain());
  expect(wrong.status).toBe(303);
  expect(wrong.headers.get("location")).toBe("/forgot-password/reset?error=invalid_code");
  const short = await reset(browser, { email: member.email, code, password: "short" }, plain());
  expect(short.headers.get("location")).toBe("/forgot-password/reset?error=invalid_request&field=password");
  expect((await signIn(member.email, DEMO_PASSWORD)).status).toBe(200);
});

// Regression (issue 14, finding 7): every new code gave 5 more tries, and wrong codes counted only per IP.
test("wrong reset codes count per address across every code sent to it: the sixth is 429, even for the right code", async () => {
  for (const [label, email] of [
    ["an account", (await createTestMember("reset-guesses")).email],
    ["an address no account has", uniqueEmail("reset-guesses-ghost")],
  ] as const) {
    // Each guess from another address, as a spread-out attacker would: only the per-address count can stop it.
    const from = () => ({ accept: "application/json", "x-forwarded-for": `10.${[...randomBytes(3)].join(".")}` });
    const browser = new OAuthBrowser();
    await forgot(browser, email, from());
    const first = email.includes("ghost") ? "000000" : await latestCodeFor(email);
    for (let guess = 1; guess <= 3; guess++) {
      const answer = await reset(browser, { email, code: wrongCode(first), password: NEW_PASSWORD }, from());
      expect(answer.status, `${label}: guess ${guess}`).toBe(400);
    }
    // A new code has its own 5 tries, but the address has used 3 of its 5 already.
    await forgot(browser, email, from());
    const second = email.includes("ghost") ? "000000" : await latestCodeFor(email);
    for (let guess = 4; guess <= 5; guess++) {
      const answer = await reset(browser, { email, code: wrongCode(second), password: NEW_PASSWORD }, from());
      expect(answer.status, `${label}: guess ${guess}`).toBe(400);
      expect((await answer.json()).error).toBe("invalid_code");
    }
    const sixth = await reset(browser, { email, code: wrongCode(second), password: NEW_PASSWORD }, from());
    expect(sixth.status, label).toBe(429);
    expect(Number(sixth.headers.get("retry-after")), label).toBeGreaterThan(0);
    if (!email.includes("ghost")) {
      const right = await reset(browser, { email, code: second, password: NEW_PASSWORD }, from());
      expect(right.status).toBe(429);
      expect((await signIn(email, DEMO_PASSWORD)).status).toBe(200);
    }
  }
});
