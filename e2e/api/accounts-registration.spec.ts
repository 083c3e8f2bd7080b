import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { sql } from "../support/database.ts";
import { createTestMember, uniqueEmail } from "../support/oauth-accounts.ts";
import { DEMO_PASSWORD, OAuthBrowser, hiddenInputs, inputValue } from "../support/oauth-browser.ts";
import { latestCodeFor, latestMessageTo, messagesTo, wrongCode } from "../support/outbox.ts";
import { EMBEDDED_BASE_URL } from "../support/test-env.ts";

// Registration with email verification by code (POST /auth/register, /auth/verify-email,
// /auth/resend-verification): the code travels through the outbox table, is good for 5 attempts, only
// works in the browser that registered, and an address that already has an account is never revealed.

// Every test posts from an IP address of its own (X-Forwarded-For, which the server reads as the client's),
// as members on different networks would: the per-IP limits then count each test alone, however many
// tests of the suite run from 127.0.0.1 and however often the suite is rerun on one database.
let client: Record<string, string> = {};
test.beforeEach(() => {
  client = { "x-forwarded-for": `10.${[...randomBytes(3)].join(".")}` };
});
const json = (): Record<string, string> => ({ accept: "application/json", ...client });
const plain = (): Record<string, string> => ({ ...client });
const PASSWORD = "correct horse battery";

async function register(browser: OAuthBrowser, email: string, headers: Record<string, string> = json(), password = PASSWORD) {
  const { html } = await browser.page("/register");
  return browser.fetch("/auth/register", {
    form: { ...hiddenInputs(html), given_name: "Rita", family_name: "Register", email, password },
    headers,
  });
}

async function verify(browser: OAuthBrowser, code: string, headers: Record<string, string> = json(), email?: string) {
  const { html } = await browser.page("/register/verify");
  return browser.fetch("/auth/verify-email", { form: { ...hiddenInputs(html), ...(email ? { email } : {}), code }, headers });
}

/** The verify form posted from a browser that never registered (its CSRF token taken from another page). */
async function verifyElsewhere(browser: OAuthBrowser, email: string, code: string) {
  const { html } = await browser.page("/sign-in");
  return browser.fetch("/auth/verify-email", { form: { ...hiddenInputs(html), email, code }, headers: json() });
}

const wrongBody = (triesLeft: number) => ({
  error: "invalid_code",
  error_description: `That code isn’t right. Check the newest message we sent you and try again. You have ${triesLeft === 1 ? "1 more try" : `${triesLeft} more tries`}.`,
});
const DEAD = { error: "code_expired", error_description: "That code has expired or was tried too many times. Ask for a new code." };

test("register → the code from the outbox → verify → signed in", async () => {
  const browser = new OAuthBrowser();
  const email = uniqueEmail("register");
  const registered = await register(browser, `  ${email.toUpperCase()}`);
  expect(registered.status).toBe(200);
  expect(await registered.json()).toEqual({ redirect_to: "/register/verify" });
  expect(browser.jar.get("pending-code")).toBeDefined();

  const [account] = await sql<{ id: string; email_verified_at: Date | null; given_name: string; password_hash: string }>(
    `SELECT id, email_verified_at, given_name, password_hash FROM account WHERE email = $1`,
    [email],
  );
  expect(account).toMatchObject({ email_verified_at: null, given_name: "Rita" });
  expect(account?.password_hash).toMatch(/^\$argon2id\$/);

  const message = await latestMessageTo(email);
  expect(message).toMatchObject({ channel: "email", subject: expect.stringContaining("Confirm your email address") });
  const code = await latestCodeFor(email);
  // The code is stored only as a keyed hash.
  const stored = await sql<{ code_hash: string }>(`SELECT code_hash FROM verification_code WHERE subject = $1`, [email]);
  expect(stored.map((row) => row.code_hash)).not.toContain(code);

  const page = await browser.page("/register/verify");
  expect(page.html).toContain(email);
  expect(inputValue(page.html, "email")).toBe(email);

  const verified = await verify(browser, code.replace(/(\d{3})/, "$1 "));
  expect(verified.status).toBe(200);
  expect(await verified.json()).toEqual({ redirect_to: "/account" });
  expect(browser.jar.get("session")).toBeDefined();
  expect(browser.jar.get("pending-code")).toBeUndefined();

  const [after] = await sql<{ email_verified_at: Date | null }>(`SELECT email_verified_at FROM account WHERE id = $1`, [account!.id]);
  expect(after?.email_verified_at).not.toBeNull();
  const sessions = await sql<{ amr: string[] }>(`SELECT amr FROM session WHERE user_id = $1 AND revoked_at IS NULL`, [account!.id]);
  expect(sessions).toEqual([{ amr: ["pwd"] }]);
  const events = await sql<{ type: string }>(`SELECT type FROM security_event WHERE user_id = $1 ORDER BY created_at, type`, [account!.id]);
  expect(events.map((event) => event.type)).toEqual(["account_created", "email_verified", "sign_in"]);
  // A new member holds the `member` role, so the self-service routes answer them.
  const roles = await sql<{ name: string }>(`SELECT r.name FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = $1`, [account!.id]);
  expect(roles).toEqual([{ name: "member" }]);

  // The account now signs in with its password like any other.
  const { html } = await browser.page("/sign-in");
  const own = await browser.fetch("/auth/sign-in", { form: { ...hiddenInputs(html), email, password: PASSWORD }, headers: json() });
  expect(await own.json()).toEqual({ redirect_to: "/account" });
});

test("an address that already has an account gets the same answer, and an email instead of a code", async () => {
  const member = await createTestMember("register-taken");
  const fresh = await register(new OAuthBrowser(), uniqueEmail("register-fresh"));
  const taken = await register(new OAuthBrowser(), member.email);
  expect(taken.status).toBe(fresh.status);
  expect(await taken.json()).toEqual(await fresh.json());
  expect(taken.headers.getSetCookie().map((line) => line.split("=")[0])).toEqual(fresh.headers.getSetCookie().map((line) => line.split("=")[0]));

  const message = await latestMessageTo(member.email);
  expect(message.subject).toContain("You already have an account");
  expect(message.body).not.toMatch(/\b\d{6}\b/);
  // Nothing about the account changed: name and password are the old ones.
  const [account] = await sql<{ given_name: string }>(`SELECT given_name FROM account WHERE id = $1`, [member.id]);
  expect(account?.given_name).toBe(member.givenName);
  const browser = new OAuthBrowser();
  const { html } = await browser.page("/sign-in");
  const signIn = await browser.fetch("/auth/sign-in", { form: { ...hiddenInputs(html), email: member.email, password: DEMO_PASSWORD }, headers: json() });
  expect(signIn.status).toBe(200);
});

test("the code page answers the same for a taken address: wrong, wrong, … dead", async () => {
  const member = await createTestMember("register-taken-code");
  const browsers = { taken: new OAuthBrowser(), fresh: new OAuthBrowser() };
  const freshEmail = uniqueEmail("register-fresh-code");
  await register(browsers.taken, member.email);
  await register(browsers.fresh, freshEmail);
  const freshCode = await latestCodeFor(freshEmail);
  const guess = wrongCode(freshCode);
  for (const browser of Object.values(browsers)) {
    const response = await verify(browser, guess);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(wrongBody(4));
  }
});

test("a wrong code 5 times kills it: the right code is refused after that", async () => {
  const browser = new OAuthBrowser();
  const email = uniqueEmail("register-dead");
  await register(browser, email);
  const code = await latestCodeFor(email);
  const answers = [wrongBody(4), wrongBody(3), wrongBody(2), wrongBody(1), DEAD];
  for (const [index, expected] of answers.entries()) {
    const response = await verify(browser, wrongCode(code));
    expect(response.status, `attempt ${index + 1}`).toBe(400);
    expect(await response.json(), `attempt ${index + 1}`).toEqual(expected);
  }
  const right = await verify(browser, code);
  expect(right.status).toBe(400);
  expect(await right.json()).toEqual(DEAD);
  const [row] = await sql<{ attempts: number; used_at: Date | null }>(`SELECT attempts, used_at FROM verification_code WHERE subject = $1 ORDER BY created_at DESC LIMIT 1`, [email]);
  expect(row).toEqual({ attempts: 5, used_at: null });
  const [account] = await sql<{ email_verified_at: Date | null }>(`SELECT email_verified_at FROM account WHERE email = $1`, [email]);
  expect(account?.email_verified_at).toBeNull();

  // A new code (asked for on the page) works, and only the newest one.
  const { html } = await browser.page("/register/verify");
  const resent = await browser.fetch("/auth/resend-verification", { form: hiddenInputs(html), headers: json() });
  expect(await resent.json()).toEqual({ redirect_to: "/register/verify?notice=code_sent" });
  const fresh = await latestCodeFor(email);
  const verified = await verify(browser, fresh);
  expect(await verified.json()).toEqual({ redirect_to: "/account" });
});

test("the code only works in the browser that registered", async () => {
  const registrant = new OAuthBrowser();
  const email = uniqueEmail("register-bound");
  await register(registrant, email);
  const code = await latestCodeFor(email);

  const other = new OAuthBrowser();
  // Its code page has no form: there is no registration in this browser to finish.
  expect((await other.page("/register/verify")).html).toContain("Register again");
  const elsewhere = await verifyElsewhere(other, email, code);
  expect(elsewhere.status).toBe(400);
  expect(await elsewhere.json()).toEqual({
    error: "verification_expired",
    error_description: "This registration has timed out in this browser. Please register again to get a new code.",
  });
  // The refusal did not use the code up.
  expect(await (await verify(registrant, code)).json()).toEqual({ redirect_to: "/account" });
});

test("a second registration of an unconfirmed address takes over its name and password (the first never proved the address)", async () => {
  const email = uniqueEmail("register-twice");
  const squatter = new OAuthBrowser();
  await register(squatter, email, json(), "squatter password");
  const squatterCode = await latestCodeFor(email);
  const owner = new OAuthBrowser();
  await register(owner, email, json(), PASSWORD);
  const ownerCode = await latestCodeFor(email);
  expect((await messagesTo(email)).length).toBe(2);

  // The squatter's code is superseded, and the owner's code is useless in the squatter's browser.
  expect((await verify(squatter, squatterCode)).status).toBe(400);
  expect((await verify(squatter, ownerCode)).status).toBe(400);
  expect(await (await verify(owner, ownerCode)).json()).toEqual({ redirect_to: "/account" });

  const { html } = await owner.page("/sign-in");
  const squatterSignIn = await owner.fetch("/auth/sign-in", { form: { ...hiddenInputs(html), email, password: "squatter password" }, headers: json() });
  expect(squatterSignIn.status).toBe(401);
});

test("without JavaScript: 303 to the code page, or back to the form with ?error=", async () => {
  const browser = new OAuthBrowser();
  const email = uniqueEmail("register-form");
  const registered = await register(browser, email, plain());
  expect(registered.status).toBe(303);
  expect(registered.headers.get("location")).toBe("/register/verify");
  const code = await latestCodeFor(email);
  const wrong = await verify(browser, wrongCode(code), plain());
  expect(wrong.status).toBe(303);
  expect(wrong.headers.get("location")).toBe("/register/verify?error=invalid_code");
  const right = await verify(browser, code, plain());
  expect(right.status).toBe(303);
  expect(right.headers.get("location")).toBe("/account");

  const short = await register(new OAuthBrowser(), uniqueEmail("register-short"), plain(), "2 short");
  expect(short.headers.get("location")).toBe("/register?error=invalid_request&field=password");
});

test("registration refuses bad fields with 400 naming the field", async () => {
  const cases: [Record<string, string>, string][] = [
    [{ password: "2 short" }, "password: Choose a password of 8 to 128 characters."],
    [{ password: "x".repeat(129) }, "password: Choose a password of 8 to 128 characters."],
    [{ email: "rita@" }, "email: Enter your email address, like name@example.org."],
    [{ given_name: "   " }, "given_name: Enter your first name."],
    [{ family_name: "<script>" }, "family_name: Enter your last name."],
  ];
  for (const [override, description] of cases) {
    const browser = new OAuthBrowser();
    const { html } = await browser.page("/register");
    const response = await browser.fetch("/auth/register", {
      form: { ...hiddenInputs(html), given_name: "Rita", family_name: "Register", email: uniqueEmail("register-bad"), password: PASSWORD, ...override },
      headers: json(),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "invalid_request", error_description: description });
  }
});

test("codes sent to one address are limited: after 3 free sends the 4th starts a wait, and a 5th must wait", async () => {
  const browser = new OAuthBrowser();
  const email = uniqueEmail("register-flood");
  const statuses: number[] = [];
  for (let attempt = 1; attempt <= 4; attempt++) statuses.push((await register(browser, email)).status);
  expect(statuses).toEqual([200, 200, 200, 200]);
  const fifth = await register(browser, email);
  expect(fifth.status).toBe(429);
  expect(fifth.headers.get("retry-after")).toMatch(/^(5\d|60)$/);
  expect(await fifth.json()).toEqual({ error: "too_many_requests", error_description: "Too many attempts. Try again in 1 minute." });
  expect((await messagesTo(email)).length).toBe(4);
});

test("/dev/outbox lists the messages newest first where DEV_OUTBOX is on, and does not exist elsewhere", async () => {
  // The PostgreSQL test server runs with DEV_OUTBOX=true (playwright.config.ts).
  const [older, newer] = [uniqueEmail("outbox-older"), uniqueEmail("outbox-newer")];
  await register(new OAuthBrowser(), older);
  await register(new OAuthBrowser(), newer);
  const { status, html } = await new OAuthBrowser().page("/dev/outbox");
  expect(status).toBe(200);
  expect(html).toContain("Development only");
  expect(html.indexOf(newer)).toBeGreaterThan(-1);
  expect(html.indexOf(newer)).toBeLessThan(html.indexOf(older));
  expect(html).toContain(await latestCodeFor(newer));

  // The embedded test server is a production start without DEV_OUTBOX: the page does not exist there.
  const elsewhere = await new OAuthBrowser(EMBEDDED_BASE_URL).fetch("/dev/outbox");
  expect(elsewhere.status).toBe(404);
  expect(await elsewhere.text()).not.toContain("Development only");
});
