import { DEMO_TOTP_SECRET } from "../../lib/demo/seed-identity.ts";
import { expect, test } from "@playwright/test";
import { generate } from "otplib";
import { api, callFromOwnIp, memberWithToken, uniqueContactEmail } from "../support/contacts.ts";
import { sql } from "../support/database.ts";
import { ensureFixtureProvider, insertLinkCode } from "../support/federation.ts";
import { createTestMember, nextTotpCode } from "../support/oauth-accounts.ts";
import { DEMO_PASSWORD, OAuthBrowser, hiddenInputs } from "../support/oauth-browser.ts";
import { portalTokensFor } from "../support/oauth-client.ts";
import { messagesTo } from "../support/outbox.ts";

/**
 * Security notices (issue 14, ASVS V2.2.3; docs/decisions/0018): the member's own address is told, through the
 * outbox, in the transaction that makes the change, when a recovery contact is added, two-step sign-in is
 * turned off, an external identity is linked, a deletion is requested, and on a sign-in from a browser the
 * account has not used before. Nothing is sent for a refused change; no notice holds a code or a full contact.
 */
callFromOwnIp();

/** A 6-digit code that is none of the codes the server accepts now or within the next minute (±1 step and drift). */
async function codeOutsideWindow(secret: string): Promise<string> {
  const step = Math.floor(Date.now() / 30_000);
  const near = new Set(await Promise.all([-2, -1, 0, 1, 2, 3].map((offset) => generate({ secret, epoch: (step + offset) * 30 }))));
  let candidate = 0;
  while (near.has(String(candidate).padStart(6, "0"))) candidate += 1;
  return String(candidate).padStart(6, "0");
}

const subjects = async (email: string) => (await messagesTo(email)).map((message) => message.subject);
const noticeSubject = (what: string) => `${what} · Grace Harbor Church`;

test("a recovery contact added: the account's address is told, with the contact masked; a refused one tells nobody", async () => {
  const { member, token } = await memberWithToken("notice-contact");
  const before = (await messagesTo(member.email)).length;
  const contact = uniqueContactEmail("notice");
  expect((await api("POST", "/api/v1/users/me/recovery-contacts", token, { body: { value: contact } })).status).toBe(201);
  const messages = await messagesTo(member.email);
  expect(messages).toHaveLength(before + 1);
  const notice = messages.at(-1)!;
  expect(notice.subject).toBe(noticeSubject("A recovery contact was added"));
  expect(notice.body).toContain("r***@e***.net");
  expect(notice.body).not.toContain(contact);
  expect(notice.body).not.toMatch(/\b\d{6}\b/);
  expect(notice.body).toContain("/account/security");

  // The same contact again is a conflict: no notice.
  expect((await api("POST", "/api/v1/users/me/recovery-contacts", token, { body: { value: contact } })).status).toBe(409);
  expect(await messagesTo(member.email)).toHaveLength(before + 1);
});

test("two-step sign-in turned off: told; a wrong code turns nothing off and tells nothing", async () => {
  const member = await createTestMember("notice-totp", { totpSecret: DEMO_TOTP_SECRET });
  const { access_token: token } = await portalTokensFor(member);
  const before = await subjects(member.email);
  const wrong = await api("DELETE", "/api/v1/users/me/mfa", token, { body: { code: await codeOutsideWindow(DEMO_TOTP_SECRET) } });
  expect(wrong.status).toBe(400);
  expect(await subjects(member.email)).toEqual(before);
  expect((await api("DELETE", "/api/v1/users/me/mfa", token, { body: { code: await nextTotpCode(member.email, DEMO_TOTP_SECRET) } })).status).toBe(200);
  expect(await subjects(member.email)).toEqual([...before, noticeSubject("Two-step sign-in was turned off")]);
});

test("an external identity linked: told, naming the provider; a refused code tells nothing", async () => {
  const { member, token } = await memberWithToken("notice-link");
  const provider = await ensureFixtureProvider();
  const before = await subjects(member.email);
  expect((await api("POST", "/oauth/federated/link/finalize", token, { body: { code: "b".repeat(43) } })).status).toBe(400);
  expect(await subjects(member.email)).toEqual(before);
  const { code } = await insertLinkCode(member.id, provider);
  expect((await api("POST", "/oauth/federated/link/finalize", token, { body: { code } })).status).toBe(200);
  const notices = await messagesTo(member.email);
  expect(notices.map((message) => message.subject)).toEqual([...before, noticeSubject("An account was linked for signing in")]);
  expect(notices.at(-1)!.body).toContain(`Your ${provider.displayName} account was linked`);
});

test("a deletion requested: told, with its date; an export is not a notice", async () => {
  const { member, token } = await memberWithToken("notice-deletion");
  const before = await subjects(member.email);
  expect((await api("POST", "/api/v1/privacy/data-requests/me", token, { body: { type: "export" } })).status).toBe(201);
  expect(await subjects(member.email)).toEqual(before);
  const deletion = await api("POST", "/api/v1/privacy/data-requests/me", token, { body: { type: "deletion" } });
  expect(deletion.status).toBe(201);
  const notices = await messagesTo(member.email);
  expect(notices.map((message) => message.subject)).toEqual([...before, noticeSubject("Your account is set to be deleted")]);
  const due = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }).format(new Date(deletion.body.due_at));
  expect(notices.at(-1)!.body).toContain(due);
});

async function signIn(browser: OAuthBrowser, email: string): Promise<void> {
  const { html } = await browser.page("/sign-in");
  const response = await browser.fetch("/auth/sign-in", { form: { ...hiddenInputs(html), email, password: DEMO_PASSWORD }, headers: { accept: "application/json" } });
  expect(response.status).toBe(200);
}

test("a sign-in from a browser the account has not used: told; the same browser again, or the account's first, is not", async () => {
  const member = await createTestMember("notice-device");
  const home = new OAuthBrowser();
  await signIn(home, member.email); // the account's first browser
  await signIn(home, member.email); // the same browser (its device cookie) again
  expect(await subjects(member.email)).toEqual([]);
  expect(home.jar.get("device")).toMatch(/^[A-Za-z0-9_-]{43}$/);

  await signIn(new OAuthBrowser(), member.email);
  const notices = await messagesTo(member.email);
  expect(notices.map((message) => message.subject)).toEqual([noticeSubject("New sign-in to your account")]);
  expect(notices[0]!.body).toMatch(/From: .+ on .+, IP address \d+\.\d+\.\d+\.\d+/);
  // Only the cookie's hash is kept, per account.
  const rows = await sql<{ device_hash: string }>(`SELECT device_hash FROM known_device WHERE user_id = $1`, [member.id]);
  expect(rows).toHaveLength(2);
  expect(rows.map((row) => row.device_hash)).not.toContain(home.jar.get("device"));
});
