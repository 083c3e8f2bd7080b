import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { sql } from "../support/database.ts";
import { createTestMember, uniqueEmail } from "../support/oauth-accounts.ts";
import { DEMO_PASSWORD, OAuthBrowser, hiddenInputs } from "../support/oauth-browser.ts";
import { latestCodeFor, messagesTo } from "../support/outbox.ts";

// New passwords (NIST SP 800-63B) at registration (POST /auth/register) and reset (POST
// /auth/reset-password): 8 to 128 characters, no composition rules, refused when among the common and
// breached passwords zxcvbn-ts ships, guessable in under a million tries, or the member's own name or
// address; the server's answer is exact and changes nothing, with and without JavaScript.

let client: Record<string, string> = {};
test.beforeEach(() => {
  client = { "x-forwarded-for": `10.${[...randomBytes(3)].join(".")}` };
});
const json = (): Record<string, string> => ({ accept: "application/json", ...client });
const plain = (): Record<string, string> => ({ ...client });

async function register(email: string, password: string, headers = json()): Promise<Response> {
  const browser = new OAuthBrowser();
  const { html } = await browser.page("/register");
  return browser.fetch("/auth/register", { form: { ...hiddenInputs(html), given_name: "Priscilla", family_name: "Quill", email, password }, headers });
}

async function reset(browser: OAuthBrowser, fields: Record<string, string>, headers = json()): Promise<Response> {
  const { html } = await browser.page("/forgot-password/reset");
  return browser.fetch("/auth/reset-password", { form: { ...hiddenInputs(html), ...fields }, headers });
}

const COMMON_TOP_10 = "password: This is one of the 10 most used passwords, so attackers try it first. Choose something less common: a few unrelated words work well.";
const REFUSED: [string, string, string][] = [
  ["a top-10 password", "password", COMMON_TOP_10],
  ["a listed password in capitals", "PASSWORD123", "password: This is one of the 1,000 most used passwords, so attackers try it first. Choose something less common: a few unrelated words work well."],
  ["a listed password in l33t", "P@ssw0rd", "password: This is a commonly used password with small changes (capitals, numbers or symbols), which attackers try early. Choose something less common: a few unrelated words work well."],
  ["repeated characters", "aaaaaaaaaa", 'password: Repeated characters like "aaa" are easy to guess. Add another word or two: longer is stronger.'],
  ["a keyboard row", "qwertyuiop", "password: This is one of the 100 most used passwords, so attackers try it first. Choose something less common: a few unrelated words work well."],
  ["seven characters", "xq7#pl2", "password: Choose a password of 8 to 128 characters."],
  ["129 characters", "otter lantern quietly ".repeat(6).slice(0, 129), "password: Choose a password of 8 to 128 characters."],
];

test("registration refuses common, guessable and badly sized passwords with the exact reason, and writes nothing", async () => {
  for (const [label, password, description] of REFUSED) {
    const email = uniqueEmail("pw-register");
    const response = await register(email, password);
    expect(response.status, label).toBe(400);
    expect(await response.json(), label).toEqual({ error: "invalid_request", error_description: description });
    expect(await sql(`SELECT 1 FROM account WHERE email = $1`, [email]), label).toEqual([]);
    expect(await messagesTo(email), label).toEqual([]);
  }
});

test("registration refuses the member's own name or email address in the password", async () => {
  const email = `priscilla.quill.${randomBytes(3).toString("hex")}@example.org`;
  for (const password of [email.split("@")[0]!, `${email.split("@")[0]}!2024`, "PriscillaQuill", "quill priscilla 7"]) {
    const response = await register(email, password);
    expect(response.status, password).toBe(400);
    expect(await response.json(), password).toEqual({ error: "invalid_request", error_description: "password: Don’t use your name or email address in your password." });
  }
  expect(await sql(`SELECT 1 FROM account WHERE email = $1`, [email])).toEqual([]);
});

test("no composition rules: lower-case words with spaces, a long passphrase and any script are accepted", async () => {
  for (const password of ["otter maple envelope", "the quiet harbour lantern folds its maple envelopes at dawn again ".repeat(2).slice(0, 128), "Ünïcödé wörter sind erlaubt", DEMO_PASSWORD]) {
    const email = uniqueEmail("pw-ok");
    const response = await register(email, password);
    expect(response.status, password).toBe(200);
    expect(await latestCodeFor(email)).toMatch(/^\d{6}$/);
  }
});

test("without JavaScript the refusal goes back to the form with its reason, and the page says it", async () => {
  const response = await register(uniqueEmail("pw-plain"), "password", plain());
  expect(response.status).toBe(303);
  expect(response.headers.get("location")).toBe("/register?error=invalid_request&field=password&reason=common");
  const { html } = await new OAuthBrowser().page(response.headers.get("location")!);
  expect(html).toContain("This is one of the most used passwords, so attackers try it first. Choose something less common: a few unrelated words work well.");
  // An unknown reason in a crafted link shows the length rule, nothing of its own.
  const crafted = await new OAuthBrowser().page("/register?error=invalid_request&field=password&reason=%3Cb%3Ehi");
  expect(crafted.html).toContain("Choose a password of 8 to 128 characters.");
  expect(crafted.html).not.toContain("<b>hi");
});

test("a reset refuses a common password before trying the code: the code still works afterwards", async () => {
  const member = await createTestMember("pw-reset");
  const browser = new OAuthBrowser();
  const { html } = await browser.page("/forgot-password");
  await browser.fetch("/auth/forgot-password", { form: { ...hiddenInputs(html), email: member.email }, headers: json() });
  const code = await latestCodeFor(member.email);

  const common = await reset(browser, { email: member.email, code, password: "password" });
  expect(common.status).toBe(400);
  expect(await common.json()).toEqual({ error: "invalid_request", error_description: COMMON_TOP_10 });
  const personal = await reset(browser, { email: member.email, code, password: `${member.email.split("@")[0]}` });
  expect(await personal.json()).toEqual({ error: "invalid_request", error_description: "password: Don’t use your name or email address in your password." });
  const noJs = await reset(browser, { email: member.email, code, password: "iloveyou" }, plain());
  expect(noJs.headers.get("location")).toBe("/forgot-password/reset?error=invalid_request&field=password&reason=common");
  const [row] = await sql<{ attempts: number; used: boolean }>(
    `SELECT attempts, used_at IS NOT NULL AS used FROM verification_code WHERE purpose = 'password_reset' AND subject = $1 ORDER BY created_at DESC LIMIT 1`,
    [member.email],
  );
  expect(row).toEqual({ attempts: 0, used: false });

  const accepted = await reset(browser, { email: member.email, code, password: "four quiet otters" });
  expect(accepted.status).toBe(200);
});

test("the same answer for an address without an account: the password is judged by the typed address alone", async () => {
  const ghost = uniqueEmail("pw-reset-ghost");
  const response = await reset(new OAuthBrowser(), { email: ghost, code: "123456", password: "password" });
  expect(await response.json()).toEqual({ error: "invalid_request", error_description: COMMON_TOP_10 });
});
