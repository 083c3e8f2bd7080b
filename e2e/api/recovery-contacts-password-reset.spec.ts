import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { api, callFromOwnIp, maskedPhone, memberWithToken, uniqueContactEmail, uniquePhone } from "../support/contacts.ts";
import { sql } from "../support/database.ts";
import { uniqueEmail } from "../support/oauth-accounts.ts";
import { DEMO_PASSWORD, OAuthBrowser, hiddenInputs, inputs } from "../support/oauth-browser.ts";
import { latestCodeFor, latestMessageTo, messagesTo } from "../support/outbox.ts";

/**
 * Forgot password through a verified recovery contact (decisions.md part 3: verified contacts are what
 * password recovery uses): the code page lists the account's address and its verified contacts, masked;
 * the member picks one and the new code goes there (email or SMS) through the outbox; it then resets the
 * password like an emailed code. A pending contact, someone else's, or an unknown address get nothing,
 * and the same answer.
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

async function forgot(browser: OAuthBrowser, email: string, via?: string): Promise<Response> {
  const { html } = await browser.page("/forgot-password");
  const form: Record<string, string> = { ...hiddenInputs(html), email };
  if (via !== undefined) form.via = via;
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

test("the code page offers the account's address and its verified contacts, masked; a code sent to the recovery email resets the password", async () => {
  const { member, token } = await memberWithToken("rc-reset-email");
  const backup = uniqueContactEmail("reset");
  const phone = uniquePhone();
  const pending = uniqueContactEmail("pending");
  const backupId = await addContact(token, backup, { verify: true });
  const phoneId = await addContact(token, phone, { verify: true });
  const pendingId = await addContact(token, pending, { verify: false });

  const browser = new OAuthBrowser();
  const asked = await forgot(browser, member.email);
  expect(asked.status).toBe(200);
  expect(await asked.json()).toEqual({ redirect_to: "/forgot-password/reset" });

  const { html } = await browser.page("/forgot-password/reset");
  const choices = inputs(html).filter((input) => input.name === "via");
  expect(choices.map((input) => input.value)).toEqual(["email", backupId, phoneId]);
  expect(html).toContain("o***@e***.org"); // the account's own address (oauth-…@example.org), masked
  expect(html).toContain("r***@e***.net");
  expect(html).toContain(maskedPhone(phone));
  for (const full of [backup, phone, pending, pendingId]) expect(html).not.toContain(full);

  const toBackup = await forgot(browser, member.email, backupId);
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

  // A code that went to a recovery contact does not prove the account's own address.
  const events = await sql<{ type: string; detail: Record<string, unknown> }>(
    `SELECT type, detail FROM security_event WHERE user_id = $1 AND type = 'password_reset_requested' ORDER BY created_at, id`,
    [member.id],
  );
  expect(events.map((event) => event.detail)).toEqual([{ via: "email" }, { via: "recovery_contact", channel: "email", value: "r***@e***.net" }]);
});

test("a code texted to a verified recovery phone resets the password", async () => {
  const { member, token } = await memberWithToken("rc-reset-phone");
  const phone = uniquePhone();
  const phoneId = await addContact(token, phone, { verify: true });
  const browser = new OAuthBrowser();
  await forgot(browser, member.email);
  expect((await forgot(browser, member.email, phoneId)).status).toBe(200);
  const text = await latestMessageTo(phone);
  expect(text.channel).toBe("sms");
  expect(text.body).toMatch(/^Grace Harbor Church: \d{6} is your code to choose a new password\./);
  const done = await reset(browser, member.email, await latestCodeFor(phone));
  expect(done.status).toBe(200);
  expect(await signIn(member.email, NEW_PASSWORD)).toBe(200);
});

test("a pending contact, another member's contact or an unknown address: the same answer, and nothing is sent", async () => {
  const { member, token } = await memberWithToken("rc-reset-refused");
  const other = await memberWithToken("rc-reset-other");
  const pending = uniqueContactEmail("refused-pending");
  const othersBackup = uniqueContactEmail("refused-other");
  const pendingId = await addContact(token, pending, { verify: false });
  const othersId = await addContact(other.token, othersBackup, { verify: true });
  const ghost = uniqueEmail("rc-reset-ghost");

  for (const [email, via] of [
    [member.email, pendingId],
    [member.email, othersId],
    [ghost, othersId],
    [member.email, "00000000-0000-4000-8000-000000000000"],
  ] as const) {
    const answer = await forgot(new OAuthBrowser(), email, via);
    expect(answer.status, via).toBe(200);
    expect(await answer.json(), via).toEqual({ redirect_to: "/forgot-password/reset" });
  }
  expect(await messagesTo(pending)).toHaveLength(1); // its own verification code only
  expect(await messagesTo(othersBackup)).toHaveLength(1);
  expect(await messagesTo(ghost)).toEqual([]);

  // No verified contacts: the code page offers no choice, as before.
  const browser = new OAuthBrowser();
  await forgot(browser, member.email);
  const { html } = await browser.page("/forgot-password/reset");
  expect(inputs(html).filter((input) => input.name === "via")).toEqual([]);
  expect(html).not.toContain(pending);

  const malformed = await forgot(new OAuthBrowser(), member.email, "someone-else");
  expect(malformed.status).toBe(400);
  expect(await malformed.json()).toEqual({ error: "invalid_request", error_description: "via: Choose where to send the code." });
});
