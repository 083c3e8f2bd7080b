import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { authorizationCodeGrant } from "openid-client";
import { DEMO_TOTP_SECRET } from "../../lib/demo/seed-identity.ts";
import { sql } from "../support/database.ts";
import { createTestMember, nextTotpCode, uniqueEmail } from "../support/oauth-accounts.ts";
import { DEMO_PASSWORD, OAuthBrowser, hiddenInputs } from "../support/oauth-browser.ts";
import { relyingParty, startAuthorization } from "../support/oauth-client.ts";
import { latestCodeFor, messagesTo, wrongCode } from "../support/outbox.ts";

// "Email me a code" on /sign-in (POST /auth/email-code, /auth/email-code/verify, /auth/email-code/resend):
// a 6-digit code, 10 minutes, 5 tries, bound to the browser that asked, sent only to accounts that may
// sign in, answered identically for every address; the password's attempt limits; the second factor still
// asked; and the parked authorization request carried through to a real relying party's code.

// Every test posts from an IP address of its own (the server reads X-Forwarded-For in tests), so the per-IP
// limits count each test alone however often the suite runs on one database.
let client: Record<string, string> = {};
test.beforeEach(() => {
  client = { "x-forwarded-for": `10.${[...randomBytes(3)].join(".")}` };
});
const json = (): Record<string, string> => ({ accept: "application/json", ...client });
const plain = (): Record<string, string> => ({ ...client });

/** "Email me a code" from the sign-in form (the secondary button posts the same form to /auth/email-code). */
async function askForCode(browser: OAuthBrowser, email: string, extra: Record<string, string> = {}, headers = json()): Promise<Response> {
  const query = extra.request ? `?request=${encodeURIComponent(extra.request)}` : "";
  const { html } = await browser.page(`/sign-in${query}`);
  return browser.fetch("/auth/email-code", { form: { ...hiddenInputs(html), email, ...extra }, headers });
}

async function typeCode(browser: OAuthBrowser, code: string, headers = json()): Promise<Response> {
  const { status, html } = await browser.page("/sign-in/email-code/verify");
  expect(status).toBe(200);
  return browser.fetch("/auth/email-code/verify", { form: { ...hiddenInputs(html), code }, headers });
}

/** Makes the address's newest code look `seconds` older (the cool-down and expiry without waiting). */
async function age(email: string, seconds: number): Promise<void> {
  await sql(
    `UPDATE verification_code SET created_at = created_at - make_interval(secs => $2), expires_at = expires_at - make_interval(secs => $2)
      WHERE purpose = 'email_sign_in' AND subject = $1`,
    [email, seconds],
  );
}

async function sessionsOf(userId: string): Promise<{ amr: string[] }[]> {
  return sql<{ amr: string[] }>(`SELECT amr FROM session WHERE user_id = $1 AND revoked_at IS NULL`, [userId]);
}

test("the right code signs in with amr otp: one email through the outbox, the security log says how", async () => {
  const member = await createTestMember("code-ok");
  const browser = new OAuthBrowser();
  const asked = await askForCode(browser, member.email);
  expect(asked.status).toBe(200);
  const cookie = asked.headers.getSetCookie().find((line) => line.startsWith("pending-email-code="));
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/Max-Age=900/);
  const [message, ...more] = await messagesTo(member.email);
  expect(more).toEqual([]);
  expect(message?.subject).toMatch(/^Your sign-in code · /);
  expect(message?.body).toMatch(/Your code to sign in is: \d{6}\n/);

  const { html } = await browser.page("/sign-in/email-code/verify");
  expect(html).toContain(`If <strong class="auth-address">${member.email}</strong> has an account here, we sent a 6-digit code to it.`);
  const response = await typeCode(browser, await latestCodeFor(member.email));
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ redirect_to: "/account" });
  expect(browser.jar.get("session")).toBeDefined();
  expect(browser.jar.get("pending-email-code")).toBeUndefined();
  expect(await sessionsOf(member.id)).toEqual([{ amr: ["otp"] }]);
  const events = await sql<{ type: string; detail: Record<string, unknown> | null }>(
    `SELECT type, detail FROM security_event WHERE user_id = $1 AND type IN ('sign_in_code_sent', 'sign_in') ORDER BY created_at, id`,
    [member.id],
  );
  expect(events).toEqual([
    { type: "sign_in_code_sent", detail: null },
    { type: "sign_in", detail: expect.objectContaining({ method: "email_code", amr: ["otp"] }) },
  ]);
});

test("an address without an account is answered exactly as one with: same redirect, page and words; no email", async () => {
  const member = await createTestMember("code-known");
  const unknown = uniqueEmail("code-ghost");
  const answers = [];
  for (const email of [member.email, unknown]) {
    const browser = new OAuthBrowser();
    const asked = await askForCode(browser, email);
    // Cookie values and expiry instants differ by nature; names, lifetimes and flags must not.
    const cookies = asked.headers.getSetCookie().map((line) => line.replace(/=[^;]*/, "=…").replace(/Expires=[^;]*; /, ""));
    // What the member sees (the page's main element), with the address and the form's CSRF token set aside.
    const html = (await browser.page("/sign-in/email-code/verify")).html;
    const page = html.slice(html.indexOf("<main"), html.indexOf("</main>")).replaceAll(email, "EMAIL").replace(/value="[^"]{20,}"/g, 'value="…"');
    const wrong = await typeCode(browser, "000000" === (await latestCodeOr(email)) ? "000001" : "000000");
    answers.push({ status: asked.status, body: await asked.json(), cookies, page, wrong: { status: wrong.status, body: await wrong.json() } });
  }
  expect(answers[1]).toEqual(answers[0]);
  expect(answers[0]!.wrong).toEqual({
    status: 400,
    body: { error: "invalid_code", error_description: "That code isn’t right. Check the newest message we sent you and try again. You have 4 more tries." },
  });
  expect(await messagesTo(unknown)).toEqual([]);
  // Without JavaScript too: the same 303 to the same page.
  for (const email of [uniqueEmail("code-ghost-plain"), (await createTestMember("code-known-plain")).email]) {
    const asked = await askForCode(new OAuthBrowser(), email, {}, plain());
    expect(asked.status).toBe(303);
    expect(asked.headers.get("location")).toBe("/sign-in/email-code/verify");
  }
});

/** The newest code sent to an address, or "" when none was (a decoy). */
async function latestCodeOr(email: string): Promise<string> {
  return (await messagesTo(email)).length > 0 ? latestCodeFor(email) : "";
}

test("a disabled account and a dependant without a sign-in get no code, and the same answer", async () => {
  const disabled = await createTestMember("code-disabled");
  await sql(`UPDATE account SET disabled_at = now() WHERE id = $1`, [disabled.id]);
  const asked = await askForCode(new OAuthBrowser(), disabled.email);
  expect(await asked.json()).toEqual({ redirect_to: "/sign-in/email-code/verify" });
  expect(await messagesTo(disabled.email)).toEqual([]);
  // A dependant without a sign-in has no address at all: nothing can be typed to reach it.
  const [child] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM account WHERE email IS NULL`);
  expect(child!.n).toBeGreaterThan(0);
});

test("five wrong codes burn the code: the right one is refused after them", async () => {
  const member = await createTestMember("code-burn");
  const browser = new OAuthBrowser();
  await askForCode(browser, member.email);
  const code = await latestCodeFor(member.email);
  for (let attempt = 1; attempt <= 4; attempt++) {
    const wrong = await typeCode(browser, wrongCode(code));
    expect(wrong.status).toBe(400);
    const left = 5 - attempt;
    expect(await wrong.json()).toEqual({
      error: "invalid_code",
      error_description: `That code isn’t right. Check the newest message we sent you and try again. You have ${left} more ${left === 1 ? "try" : "tries"}.`,
    });
  }
  const fifth = await typeCode(browser, wrongCode(code));
  expect(await fifth.json()).toEqual({ error: "code_expired", error_description: "That code was tried too many times. Ask for a new code." });
  const right = await typeCode(browser, code);
  expect(right.status).toBe(400);
  expect(await right.json()).toEqual({ error: "code_expired", error_description: "That code was tried too many times. Ask for a new code." });
  expect(await sessionsOf(member.id)).toEqual([]);
  const failures = await sql(`SELECT 1 FROM security_event WHERE user_id = $1 AND type = 'sign_in_failed' AND detail->>'reason' = 'email_code'`, [member.id]);
  expect(failures).toHaveLength(6);
});

test("an expired code is refused, and says so", async () => {
  const member = await createTestMember("code-expired");
  const browser = new OAuthBrowser();
  await askForCode(browser, member.email);
  const code = await latestCodeFor(member.email);
  await age(member.email, 10 * 60 + 1);
  const late = await typeCode(browser, code);
  expect(late.status).toBe(400);
  expect(await late.json()).toEqual({ error: "code_expired", error_description: "That code has expired: codes work for 10 minutes. Ask for a new code." });
  // Without JavaScript: back to the code page with the error.
  const plainLate = await typeCode(browser, code, plain());
  expect(plainLate.status).toBe(303);
  expect(plainLate.headers.get("location")).toBe("/sign-in/email-code/verify?error=code_expired");
  expect(await sessionsOf(member.id)).toEqual([]);
});

test("a used code is refused the second time, even with the browser's old cookie", async () => {
  const member = await createTestMember("code-reuse");
  const browser = new OAuthBrowser();
  await askForCode(browser, member.email);
  const code = await latestCodeFor(member.email);
  const page = await browser.page("/sign-in/email-code/verify");
  const copy = browser.clone();
  expect((await browser.fetch("/auth/email-code/verify", { form: { ...hiddenInputs(page.html), code }, headers: json() })).status).toBe(200);
  const again = await copy.fetch("/auth/email-code/verify", { form: { ...hiddenInputs(page.html), code }, headers: json() });
  expect(again.status).toBe(400);
  expect(await again.json()).toEqual({ error: "code_expired", error_description: "That code was already used. Ask for a new code." });
  expect(await sessionsOf(member.id)).toHaveLength(1);
});

test("the code works only in the browser that asked for it", async () => {
  const member = await createTestMember("code-bound");
  const asker = new OAuthBrowser();
  await askForCode(asker, member.email);
  const other = new OAuthBrowser();
  await askForCode(other, uniqueEmail("code-bound-other"));
  // Another browser holds a cookie for another address: the member's code means nothing there.
  const elsewhere = await typeCode(other, await latestCodeFor(member.email));
  expect(elsewhere.status).toBe(400);
  // Without the cookie there is nothing to finish: back to the start.
  const stranger = new OAuthBrowser();
  const { html } = await stranger.page("/sign-in");
  const none = await stranger.fetch("/auth/email-code/verify", { form: { ...hiddenInputs(html), code: "123456" }, headers: json() });
  expect(none.status).toBe(401);
  expect(await none.json()).toEqual({ error: "sign_in_expired", error_description: "Your sign-in took too long. Please sign in again." });
  const right = await typeCode(asker, await latestCodeFor(member.email));
  expect(await right.json()).toEqual({ redirect_to: "/account" });
});

test("a new code after a 30-second cool-down; only the newest works", async () => {
  const member = await createTestMember("code-resend");
  const browser = new OAuthBrowser();
  await askForCode(browser, member.email);
  const first = await latestCodeFor(member.email);
  const { html } = await browser.page("/sign-in/email-code/verify");
  const early = await browser.fetch("/auth/email-code/resend", { form: hiddenInputs(html), headers: json() });
  expect(early.status).toBe(429);
  const wait = Number(early.headers.get("retry-after"));
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(30);
  expect(await early.json()).toEqual({ error: "too_many_requests", error_description: `We just sent a code. You can ask for a new one in ${wait} ${wait === 1 ? "second" : "seconds"}.` });
  expect(await messagesTo(member.email)).toHaveLength(1);

  await age(member.email, 31);
  const resent = await browser.fetch("/auth/email-code/resend", { form: hiddenInputs(html), headers: json() });
  expect(await resent.json()).toEqual({ redirect_to: "/sign-in/email-code/verify?notice=code_sent" });
  expect(await messagesTo(member.email)).toHaveLength(2);
  const second = await latestCodeFor(member.email);
  if (first !== second) {
    const old = await typeCode(browser, first);
    expect(old.status).toBe(400);
  }
  expect(await (await typeCode(browser, second)).json()).toEqual({ redirect_to: "/account" });
});

test("wrong codes count with wrong passwords per address: the sixth failure is 429, even for the right code or password", async () => {
  const member = await createTestMember("code-limit");
  const browser = new OAuthBrowser();
  // Each guess from another IP address, as a spread-out attacker would: only the per-address count stops it.
  const from = () => ({ accept: "application/json", "x-forwarded-for": `10.${[...randomBytes(3)].join(".")}` });
  await askForCode(browser, member.email, {}, from());
  const first = await latestCodeFor(member.email);
  for (let guess = 1; guess <= 3; guess++) expect((await typeCode(browser, wrongCode(first), from())).status).toBe(400);
  // Two wrong passwords count on the same address.
  for (let guess = 4; guess <= 5; guess++) expect((await browser.postSignIn(null, member.email, "not the password", from())).status).toBe(401);
  await age(member.email, 31);
  await askForCode(browser, member.email, {}, from());
  const second = await latestCodeFor(member.email);
  const sixth = await typeCode(browser, wrongCode(second), from());
  expect(sixth.status).toBe(429);
  expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
  expect((await sixth.json()).error).toBe("too_many_requests");
  expect((await typeCode(browser, second, from())).status).toBe(429);
  expect((await browser.postSignIn(null, member.email, DEMO_PASSWORD, from())).status).toBe(429);
  // While the address is blocked no code is sent to it either.
  const blocked = await askForCode(new OAuthBrowser(), member.email, {}, from());
  expect(blocked.status).toBe(429);
  expect(await sessionsOf(member.id)).toEqual([]);
});

test("a member with two-step sign-in is still asked for it: amr otp+mfa, the log names both steps", async () => {
  const member = await createTestMember("code-totp", { totpSecret: DEMO_TOTP_SECRET });
  const browser = new OAuthBrowser();
  await askForCode(browser, member.email, { return_to: "/account/security" });
  const code = await typeCode(browser, await latestCodeFor(member.email));
  expect(await code.json()).toEqual({ redirect_to: "/sign-in/second-factor" });
  expect(browser.jar.get("session")).toBeUndefined();
  expect(await sessionsOf(member.id)).toEqual([]);
  const { html } = await browser.page("/sign-in/second-factor");
  const second = await browser.fetch("/auth/second-factor", { form: { ...hiddenInputs(html), code: await nextTotpCode(member.email, DEMO_TOTP_SECRET) }, headers: json() });
  // return_to survived both steps.
  expect(await second.json()).toEqual({ redirect_to: "/account/security" });
  expect(await sessionsOf(member.id)).toEqual([{ amr: ["otp", "mfa"] }]);
  const [event] = await sql<{ detail: Record<string, unknown> }>(`SELECT detail FROM security_event WHERE user_id = $1 AND type = 'sign_in'`, [member.id]);
  expect(event?.detail).toMatchObject({ method: "totp", first_method: "email_code", amr: ["otp", "mfa"] });
});

test("a code for an address never confirmed confirms it, and removes the password nobody proved", async () => {
  const email = uniqueEmail("code-unverified");
  const [row] = await sql<{ id: string }>(
    `INSERT INTO account (email, password_hash, given_name, family_name)
     SELECT $1, password_hash, 'Una', 'Verified' FROM account WHERE email = 'member@example.org' RETURNING id`,
    [email],
  );
  const browser = new OAuthBrowser();
  await askForCode(browser, email);
  expect(await (await typeCode(browser, await latestCodeFor(email))).json()).toEqual({ redirect_to: "/account" });
  const [account] = await sql<{ verified: boolean; password: boolean }>(
    `SELECT email_verified_at IS NOT NULL AS verified, password_hash IS NOT NULL AS password FROM account WHERE id = $1`,
    [row!.id],
  );
  expect(account).toEqual({ verified: true, password: false });
  // Whoever chose that password cannot sign in with it now.
  expect((await new OAuthBrowser().postSignIn(null, email, DEMO_PASSWORD, json())).status).toBe(401);
});

test("bad input is refused in the forms' shape and goes to the code page: an empty or malformed address, a malformed code", async () => {
  const empty = await askForCode(new OAuthBrowser(), "");
  expect(empty.status).toBe(400);
  expect(await empty.json()).toEqual({ error: "invalid_request", error_description: "email: Enter your email address, like name@example.org." });
  const plainEmpty = await askForCode(new OAuthBrowser(), "not an address", { return_to: "/account/apps" }, plain());
  expect(plainEmpty.status).toBe(303);
  expect(plainEmpty.headers.get("location")).toBe("/sign-in/email-code?return_to=%2Faccount%2Fapps&error=invalid_request&field=email");
  const browser = new OAuthBrowser();
  await askForCode(browser, (await createTestMember("code-bad")).email);
  const malformed = await typeCode(browser, "12ab56");
  expect(await malformed.json()).toEqual({ error: "invalid_request", error_description: "code: Enter the 6-digit code we sent you." });
});

test("through a real relying party: the parked authorization request survives the code, and the app gets its tokens", async () => {
  const member = await createTestMember("code-oauth");
  const config = await relyingParty();
  const started = await startAuthorization(config);
  const browser = new OAuthBrowser();
  const stopped = await browser.authorize(started.url, { stopAt: ["sign-in"] });
  const request = stopped.requestId;
  expect(request).toBeTruthy();

  const asked = await askForCode(browser, member.email, { request: request! });
  expect(await asked.json()).toEqual({ redirect_to: `/sign-in/email-code/verify?request=${encodeURIComponent(request!)}` });
  const typed = await typeCode(browser, await latestCodeFor(member.email));
  const resume = (await typed.json()) as { redirect_to: string };
  expect(resume.redirect_to).toMatch(/^\/oauth\/authorize/);

  const outcome = await browser.authorize(resume.redirect_to, { account: member });
  expect(outcome.code, outcome.trail.join("\n")).toBeTruthy();
  expect(outcome.pages).not.toContain("sign-in");
  const tokens = await authorizationCodeGrant(config, outcome.callback!, {
    pkceCodeVerifier: started.verifier,
    expectedState: started.state,
    expectedNonce: started.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  expect(claims?.sub).toBe(member.id);
  expect(claims?.amr).toEqual(["otp"]);
});
