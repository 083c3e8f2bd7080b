import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { api, callFromOwnIp, maskedPhone, memberWithToken, uniqueContactEmail, uniquePhone } from "../support/contacts.ts";
import { sql } from "../support/database.ts";
import { createTestMember, uniqueEmail } from "../support/oauth-accounts.ts";
import { DEMO_PASSWORD, OAuthBrowser, hiddenInputs, inputs } from "../support/oauth-browser.ts";
import { latestCodeFor, latestMessageTo, messagesTo } from "../support/outbox.ts";

/**
 * Forgot password through a verified recovery contact (decisions.md part 3: verified contacts are what
 * password recovery uses): the member types the contact in full on the code page, which looks the same for
 * every address, and the new code goes there (email or SMS) through the outbox; it then resets the password
 * like an emailed code. A pending contact, someone else's, or an unknown address get nothing, and the same
 * answer (docs/decisions/0010, issue 14 finding 6).
 */
callFromOwnIp();

// The form posts come from an IP address of their own too, so the per-IP send limit counts this test only.
let formClient: Record<string, string> = {};
test.beforeEach(() => {
  formClient = { accept: "application/json", "x-forwarded-for": `10.${[...randomBytes(3)].join(".")}` };
});
const NEW_PASSWORD = "a recovered passphrase";
const BASE = "/api/v1/users/me/recovery-contacts";

async function addContact(token: string, value: string, options: { verify: boolean }): Promise<string> {
  const added = await api("POST", BASE, token, { body: { value } });
  expect(added.status).toBe(201);
  if (options.verify) expect((await api("POST", `${BASE}/${added.body.id}/verify`, token, { body: { code: await latestCodeFor(value) } })).status).toBe(200);
  return added.body.id;
}

async function forgot(browser: OAuthBrowser, email: string, contact?: string): Promise<Response> {
  const { html } = await browser.page("/forgot-password");
  const form: Record<string, string> = { ...hiddenInputs(html), email };
  if (contact !== undefined) form.contact = contact;
  return browser.fetch("/auth/forgot-password", { form, headers: formClient });
}

async function reset(browser: OAuthBrowser, email: string, code: string): Promise<Response> {
  const { html } = await browser.page("/forgot-password/reset");
  return browser.fetch("/auth/reset-password", { form: { ...hiddenInputs(html), email, code, password: NEW_PASSWORD }, headers: formClient });
}

async function signIn(email: string, password: string): Promise<number> {
  const browser = new OAuthBrowser();
  const { html } = await browser.page("/sign-in");
  return (await browser.fetch("/auth/sign-in", { form: { ...hiddenInputs(html), email, password }, headers: formClient })).status;
}

/** The code page as the browser gets it, with what differs by address or by page load taken out. */
async function codePage(browser: OAuthBrowser, email: string): Promise<string> {
  const { html } = await browser.page("/forgot-password/reset");
  return html
    .replaceAll(email, "EMAIL")
    .replace(/value="[A-Za-z0-9_-]{40,}"/g, 'value="CSRF"')
    .replace(/nonce="[^"]*"/g, 'nonce=""')
    .replace(/<script\b[\s\S]*?<\/script>/g, "");
}

// Regression (issue 14, finding 6): the code page listed an account's verified contacts, masked, for any
// address typed: it said the account existed, and gave away part of each contact.
test("the code page is the same for an account with recovery contacts, one without, and an address no account has", async () => {
  const { member, token } = await memberWithToken("rc-reset-page");
  const backup = uniqueContactEmail("page");
  const phone = await uniquePhone();
  await addContact(token, backup, { verify: true });
  await addContact(token, phone, { verify: true });
  const plain = await createTestMember("rc-reset-page-plain");
  const ghost = uniqueEmail("rc-reset-page-ghost");

  const pages: string[] = [];
  for (const email of [member.email, plain.email, ghost]) {
    const browser = new OAuthBrowser();
    expect(await (await forgot(browser, email)).json()).toEqual({ redirect_to: "/forgot-password/reset" });
    pages.push(await codePage(browser, email));
  }
  expect(pages[0]).toBe(pages[1]);
  expect(pages[0]).toBe(pages[2]);
  for (const hint of ["r***@", "e***.net", maskedPhone(phone), backup, phone, "o***@e***.org"]) expect(pages[0]).not.toContain(hint);
  expect(pages[0]).toContain("No access to that inbox?");
  expect(inputs(pages[0]!).map((input) => input.name)).toContain("contact");
});

test("a code sent to a recovery email typed in full resets the password", async () => {
  const { member, token } = await memberWithToken("rc-reset-email");
  const backup = uniqueContactEmail("reset");
  await addContact(token, backup, { verify: true });

  const browser = new OAuthBrowser();
  await forgot(browser, member.email);
  const toBackup = await forgot(browser, member.email, `  ${backup.toUpperCase()} `);
  expect(toBackup.status).toBe(200);
  expect(await toBackup.json()).toEqual({ redirect_to: "/forgot-password/reset" });
  const message = await latestMessageTo(backup);
  expect(message.subject).toContain("Reset your password");
  const code = await latestCodeFor(backup);

  const done = await reset(browser, member.email, code);
  expect(done.status).toBe(200);
  expect(await done.json()).toEqual({ redirect_to: "/sign-in?notice=password_changed" });
  expect(await signIn(member.email, DEMO_PASSWORD)).toBe(401);
  expect(await signIn(member.email, NEW_PASSWORD)).toBe(200);

  // The member's log says where the code went, masked; a code that went to a contact does not prove the account's address.
  const events = await sql<{ type: string; detail: Record<string, unknown> }>(
    `SELECT type, detail FROM security_event WHERE user_id = $1 AND type = 'password_reset_requested' ORDER BY created_at, id`,
    [member.id],
  );
  expect(events.map((event) => event.detail)).toEqual([{ via: "email" }, { via: "recovery_contact", channel: "email", value: "r***@e***.net" }]);
});

test("a code texted to a verified recovery phone, typed as people write numbers, resets the password", async () => {
  const { member, token } = await memberWithToken("rc-reset-phone");
  const phone = await uniquePhone();
  await addContact(token, phone, { verify: true });
  const browser = new OAuthBrowser();
  await forgot(browser, member.email);
  expect((await forgot(browser, member.email, `${phone.slice(0, 2)} (${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`)).status).toBe(200);
  const text = await latestMessageTo(phone);
  expect(text.channel).toBe("sms");
  expect(text.body).toMatch(/^Grace Harbor Church: \d{6} is your code to choose a new password\./);
  const done = await reset(browser, member.email, await latestCodeFor(phone));
  expect(done.status).toBe(200);
  expect(await signIn(member.email, NEW_PASSWORD)).toBe(200);
});

test("a pending contact, another member's contact, the account's own address or an unknown one: the same answer, and nothing is sent", async () => {
  const { member, token } = await memberWithToken("rc-reset-refused");
  const other = await memberWithToken("rc-reset-other");
  const pending = uniqueContactEmail("refused-pending");
  const othersBackup = uniqueContactEmail("refused-other");
  const madeUp = uniqueContactEmail("refused-made-up");
  await addContact(token, pending, { verify: false });
  await addContact(other.token, othersBackup, { verify: true });
  const ghost = uniqueEmail("rc-reset-ghost");

  for (const [email, contact] of [
    [member.email, pending],
    [member.email, othersBackup],
    [ghost, othersBackup],
    [member.email, madeUp],
    [member.email, await uniquePhone()],
  ] as const) {
    const answer = await forgot(new OAuthBrowser(), email, contact);
    expect(answer.status, contact).toBe(200);
    expect(await answer.json(), contact).toEqual({ redirect_to: "/forgot-password/reset" });
  }
  expect(await messagesTo(pending)).toHaveLength(1); // its own verification code only
  expect(await messagesTo(othersBackup)).toHaveLength(1);
  expect(await messagesTo(madeUp)).toEqual([]);
  expect(await messagesTo(ghost)).toEqual([]);

  // What is neither an address nor a phone number is refused by name, on the page it was typed on.
  const malformed = await forgot(new OAuthBrowser(), member.email, "someone-else");
  expect(malformed.status).toBe(400);
  expect(await malformed.json()).toEqual({
    error: "invalid_request",
    error_description: "Enter a recovery contact you added: an email address, or a mobile number with its country code, like +14155550123.",
  });
  const browser = new OAuthBrowser();
  const { html } = await browser.page("/forgot-password");
  const noScript = await browser.fetch("/auth/forgot-password", { form: { ...hiddenInputs(html), email: member.email, contact: "someone-else" }, headers: { "x-forwarded-for": formClient["x-forwarded-for"]! } });
  expect(noScript.headers.get("location")).toBe("/forgot-password/reset?error=invalid_request&field=contact");
});
