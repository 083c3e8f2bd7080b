import { readFile } from "node:fs/promises";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { generate } from "otplib";
import { DEMO_TOTP_SECRET } from "../../lib/demo/seed-identity.ts";
import { sql } from "../support/database.ts";
import { createTestMember, nextTotpCode, type TestMember } from "../support/oauth-accounts.ts";
import { wrongCode } from "../support/outbox.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll, tabTo } from "../support/page-checks.ts";
import { DEMO_PASSWORD, signInOverHttp } from "../support/portal.ts";

// /account/security in Debian's Chromium: a member turns on two-step sign-in from the page alone (the
// secret read off the page, codes computed with otplib), signs in with it and with a recovery code,
// replaces and then uses their recovery codes, and signs out other browsers, which find themselves signed
// out. Each test has its own fresh member, so the tests may run side by side.

const SECURITY_PATH = "/account/security";

test.use({ timezoneId: "UTC" });

const main = (page: Page) => page.getByRole("main");
const section = (page: Page, name: string) => main(page).getByRole("region", { name });
const twoFactor = (page: Page) => section(page, "Two-step sign-in");
const sessionsSection = (page: Page) => section(page, "Where you’re signed in");
const securityLog = (page: Page) => section(page, "Recent security activity");
const header = (page: Page) => page.getByRole("banner");

async function openSecurityPage(page: Page) {
  await page.goto(SECURITY_PATH);
  await expect(page.getByRole("heading", { level: 1, name: "Security" })).toBeVisible();
}

type SecondFactor = { totp: () => Promise<string> } | { recoveryCode: string };

/** Signs in through the header and the authorization server's pages, up to the second-factor step. */
async function startSignIn(page: Page, member: TestMember, secondFactor: SecondFactor) {
  await page.goto("/");
  await header(page).getByRole("link", { name: "Sign in", exact: true }).click();
  await page.locator('input[name="email"]').fill(member.email);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('input[name="password"]').press("Enter");
  await expect(page).toHaveURL(/\/sign-in\/second-factor/);
  let code: string;
  if ("recoveryCode" in secondFactor) {
    await main(page).getByRole("link", { name: "Lost your phone? Use a recovery code" }).click();
    code = secondFactor.recoveryCode;
  } else {
    code = await secondFactor.totp();
  }
  await page.locator('input[name="code"]').fill(code);
  await page.locator('input[name="code"]').press("Enter");
}

async function signIn(page: Page, member: TestMember, secondFactor: SecondFactor) {
  await startSignIn(page, member, secondFactor);
  await expect(page).toHaveURL(/\/account$/);
}

async function signOut(page: Page) {
  await header(page).getByRole("button", { name: "Sign out" }).click();
  await expect(header(page).getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
}

async function recoveryCodesOf(page: Page): Promise<string[]> {
  const list = twoFactor(page).getByRole("list", { name: "Recovery codes" });
  await expect(list.getByRole("listitem")).toHaveCount(10);
  return list.getByRole("listitem").allInnerTexts();
}

async function signedInContext(browser: Browser, member: TestMember, userAgent: string) {
  const context = await browser.newContext({ userAgent, timezoneId: "UTC" });
  const page = await context.newPage();
  await signInOverHttp(page, { email: member.email, password: member.password });
  return { context, page };
}

test("turn on two-step sign-in with the keyboard, then sign in with the app and with a recovery code", async ({ page }) => {
  const member = await createTestMember("security-enrol");
  await signInOverHttp(page, { email: member.email, password: member.password });
  await openSecurityPage(page);
  await expect(twoFactor(page).getByText("Off", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // Start with the keyboard alone: the setup panel takes focus.
  const start = twoFactor(page).getByRole("button", { name: "Set up two-step sign-in" });
  await tabTo(page, start);
  await page.keyboard.press("Enter");
  await expect(twoFactor(page).getByRole("heading", { name: "Set up your authenticator app" })).toBeFocused();
  await expect(twoFactor(page).getByRole("img", { name: /QR code for your authenticator app/ })).toBeVisible();
  const setupKey = (await twoFactor(page).locator("[data-setup-key]").innerText()).replace(/\s/g, "");
  expect(setupKey).toMatch(/^[A-Z2-7]{32}$/);
  const [pending] = await sql<{ status: string; secret_encrypted: string }>("SELECT status, secret_encrypted FROM totp_credential WHERE user_id = $1", [member.id]);
  expect(pending?.status).toBe("pending");
  expect(pending?.secret_encrypted).not.toContain(setupKey);
  await expectNoAxeViolations(page);

  const codeField = twoFactor(page).getByRole("textbox", { name: "Code from the app" });
  await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
  await expect(codeField).toHaveAttribute("inputmode", "numeric");
  // A typo is explained in the browser, with the route's own rule, before anything is sent.
  await tabTo(page, codeField);
  await page.keyboard.type("12");
  await page.keyboard.press("Enter");
  await expect(twoFactor(page).getByText("The code must be exactly 6 digits.")).toBeVisible();
  await expect(codeField).toHaveAttribute("aria-invalid", "true");
  // A wrong code is refused by the server and said under the field.
  const current = await generate({ secret: setupKey });
  await codeField.fill(wrongCode(current));
  await page.keyboard.press("Enter");
  await expect(twoFactor(page).getByText("That code didn’t work. Check it and try again.")).toBeVisible();
  // Pasted or autofilled as a message would show it, with a space: the field keeps the digits.
  await codeField.fill(`${current.slice(0, 3)} ${current.slice(3)}`);
  await expect(codeField).toHaveValue(current);
  await codeField.press("Enter");

  // The recovery codes, shown once, with a download holding the same codes.
  await expect(twoFactor(page).getByRole("heading", { name: "Save your recovery codes" })).toBeFocused();
  await expect(twoFactor(page).getByRole("status").first()).toHaveText("Two-step sign-in is on.");
  const codes = await recoveryCodesOf(page);
  expect(new Set(codes).size).toBe(10);
  const stored = await sql<{ code_hash: string }>("SELECT code_hash FROM recovery_code WHERE user_id = $1 AND used_at IS NULL", [member.id]);
  expect(stored).toHaveLength(10);
  for (const code of codes) expect(stored.map((row) => row.code_hash).join(" ")).not.toContain(code.replace("-", ""));
  const [download] = await Promise.all([page.waitForEvent("download"), twoFactor(page).getByRole("button", { name: "Download codes" }).click()]);
  expect(download.suggestedFilename()).toBe("recovery-codes.txt");
  const file = await readFile(await download.path(), "utf8");
  for (const code of codes) expect(file).toContain(code);
  await expectNoAxeViolations(page);
  // Each code in its own cell, its number beside it and apart from the next column's (issue 38, item 6).
  const list = twoFactor(page).getByRole("list", { name: "Recovery codes" });
  await list.screenshot({ path: "test-results/screens/recovery-codes-1280.png" });
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSidewaysScroll(page);
  await list.screenshot({ path: "test-results/screens/recovery-codes-375.png" });
  await page.setViewportSize({ width: 1280, height: 720 });
  await twoFactor(page).getByRole("button", { name: "I’ve saved my codes" }).click();
  await expect(twoFactor(page).getByRole("heading", { name: "Two-step sign-in" })).toBeFocused();
  await expect(twoFactor(page).getByText("You have 10 recovery codes left.")).toBeVisible();
  await expect(twoFactor(page).getByRole("list", { name: "Recovery codes" })).toHaveCount(0);

  // Sign-in now asks for the app's code...
  await signOut(page);
  await signIn(page, member, { totp: () => nextTotpCode(member.email, setupKey) });
  // ...or takes a recovery code once.
  await signOut(page);
  await signIn(page, member, { recoveryCode: codes[0]! });
  await openSecurityPage(page);
  await expect(twoFactor(page).getByText("You have 9 recovery codes left.")).toBeVisible();
  await expect(securityLog(page).getByText("Signed in with a recovery code (9 codes left)")).toBeVisible();
  await expect(securityLog(page).getByText("Two-step sign-in turned on")).toBeVisible();

  // The used code is gone.
  await signOut(page);
  await startSignIn(page, member, { recoveryCode: codes[0]! });
  await expect(page).toHaveURL(/\/sign-in\/second-factor/);
  await expect(main(page).getByRole("alert")).not.toBeEmpty();
});

test("make new recovery codes, then turn two-step sign-in off with one of them", async ({ page }) => {
  const member = await createTestMember("security-codes", { totpSecret: DEMO_TOTP_SECRET });
  await signIn(page, member, { totp: () => nextTotpCode(member.email, DEMO_TOTP_SECRET) });
  await openSecurityPage(page);
  await expect(twoFactor(page).getByText("On", { exact: true })).toBeVisible();

  await twoFactor(page).getByRole("button", { name: "Make new recovery codes" }).click();
  const codeField = twoFactor(page).getByRole("textbox", { name: "Code from your authenticator app" });
  await expect(codeField).toBeFocused();
  await expectNoAxeViolations(page);
  await codeField.fill(wrongCode(await generate({ secret: DEMO_TOTP_SECRET })));
  await codeField.press("Enter");
  await expect(twoFactor(page).getByText("That code didn’t work. Check it and try again.")).toBeVisible();
  await codeField.fill(await nextTotpCode(member.email, DEMO_TOTP_SECRET));
  await codeField.press("Enter");
  const codes = await recoveryCodesOf(page);
  await twoFactor(page).getByRole("button", { name: "I’ve saved my codes" }).click();
  await expect(twoFactor(page).getByText("You have 10 recovery codes left.")).toBeVisible();

  // Cancelling changes nothing.
  await twoFactor(page).getByRole("button", { name: "Turn off two-step sign-in" }).click();
  await twoFactor(page).getByRole("button", { name: "Cancel" }).click();
  await expect(twoFactor(page).getByText("On", { exact: true })).toBeVisible();

  await twoFactor(page).getByRole("button", { name: "Turn off two-step sign-in" }).click();
  await expect(twoFactor(page).getByRole("heading", { name: "Turn off two-step sign-in?" })).toBeVisible();
  const disableField = twoFactor(page).getByRole("textbox", { name: "Code from your authenticator app, or a recovery code" });
  await disableField.fill(codes[3]!);
  await disableField.press("Enter");
  await expect(twoFactor(page).getByRole("status").first()).toHaveText("Two-step sign-in is off. Your recovery codes no longer work.");
  await expect(twoFactor(page).getByText("Off", { exact: true })).toBeVisible();
  expect(await sql("SELECT 1 FROM totp_credential WHERE user_id = $1 AND status = 'confirmed'", [member.id])).toHaveLength(0);
  await expect(securityLog(page).getByText("Two-step sign-in turned off with a recovery code")).toBeVisible();
  await expect(securityLog(page).getByText("New recovery codes made")).toBeVisible();

  // The next sign-in asks for the password only.
  await signOut(page);
  await signInOverHttp(page, { email: member.email, password: member.password });
});

test("sign out another browser, then every other one: they find themselves signed out", async ({ browser, page }) => {
  const member = await createTestMember("security-sessions");
  const firefox = await signedInContext(browser, member, "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0");
  const iphone = await signedInContext(
    browser,
    member,
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  );
  await signInOverHttp(page, { email: member.email, password: member.password });
  await openSecurityPage(page);

  const cards = sessionsSection(page).getByRole("article");
  await expect(cards).toHaveCount(3);
  const here = cards.filter({ has: page.getByText("This device") });
  await expect(here).toHaveCount(1);
  await expect(here.getByRole("button", { name: /Sign out/ })).toHaveCount(0);
  await expect(sessionsSection(page).getByRole("article", { name: "Firefox on Windows computer" })).toBeVisible();
  await expectNoAxeViolations(page);

  // One session, with the keyboard, through the confirmation.
  const signOutFirefox = sessionsSection(page).getByRole("button", { name: "Sign out of Firefox on Windows computer" });
  await tabTo(page, signOutFirefox);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Sign out of Firefox on Windows computer?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(sessionsSection(page).getByRole("status")).toHaveText("Signed out of Firefox on Windows computer.");
  await expect(cards).toHaveCount(2);
  await expect(sessionsSection(page).getByRole("heading", { name: "Where you’re signed in" })).toBeFocused();

  // The other browser is signed out at once: its next look at the account ends at the sign-in page.
  await firefox.page.goto(SECURITY_PATH);
  await expect(firefox.page).toHaveURL(/\/sign-in/);
  await expect(firefox.page.locator('input[name="password"]')).toBeVisible();

  await sessionsSection(page).getByRole("button", { name: "Sign out everywhere else" }).click();
  await page.getByRole("dialog", { name: "Sign out everywhere else?" }).getByRole("button", { name: "Sign out" }).click();
  await expect(sessionsSection(page).getByRole("status")).toHaveText("Signed out of 1 other session.");
  await expect(cards).toHaveCount(1);
  await expect(sessionsSection(page).getByText("You are not signed in anywhere else.")).toBeVisible();
  await iphone.page.goto(SECURITY_PATH);
  await expect(iphone.page).toHaveURL(/\/sign-in/);
  await expect(securityLog(page).getByText("Signed out everywhere else (1 session)")).toBeVisible();
  await expect(securityLog(page).getByText("Signed out a session")).toBeVisible();

  // This browser is still signed in.
  await page.reload();
  await expect(sessionsSection(page).getByRole("article")).toHaveCount(1);
  await firefox.context.close();
  await iphone.context.close();
});

test("loading failures are said in words and can be tried again; signed out, the page asks to sign in", async ({ page }) => {
  await page.goto(SECURITY_PATH);
  await expect(page).toHaveURL(/\/sign-in/);

  const member = await createTestMember("security-states");
  await signInOverHttp(page, { email: member.email, password: member.password });
  const outage = { error: "service_unavailable", error_description: "The account service is not answering. Try again in a moment." };
  await page.route("**/portal/api/v1/sessions/me", (route) => route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify(outage) }));
  await openSecurityPage(page);
  const alert = sessionsSection(page).getByRole("alert").filter({ hasText: "We couldn’t load your sessions" });
  await expect(alert).toContainText(outage.error_description, { timeout: 15_000 });
  await expectNoAxeViolations(page);
  await page.unroute("**/portal/api/v1/sessions/me");
  await alert.getByRole("button", { name: "Try again" }).click();
  await expect(sessionsSection(page).getByRole("article")).toHaveCount(1);
});

test("the security page fits a 375 px phone through setup and the recovery codes", async ({ browser }) => {
  const member = await createTestMember("security-phone");
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, timezoneId: "UTC" });
  const page = await context.newPage();
  await signInOverHttp(page, { email: member.email, password: member.password });
  await openSecurityPage(page);
  await expect(sessionsSection(page).getByRole("article")).toHaveCount(1);
  await expectNoSidewaysScroll(page);

  await twoFactor(page).getByRole("button", { name: "Set up two-step sign-in" }).click();
  const setupKey = (await twoFactor(page).locator("[data-setup-key]").innerText()).replace(/\s/g, "");
  await expectNoSidewaysScroll(page);
  const codeField = twoFactor(page).getByRole("textbox", { name: "Code from the app" });
  await codeField.fill(await generate({ secret: setupKey }));
  await codeField.press("Enter");
  await recoveryCodesOf(page);
  await expectNoSidewaysScroll(page);
  const saved = twoFactor(page).getByRole("button", { name: "I’ve saved my codes" });
  await saved.scrollIntoViewIfNeeded();
  await expect(saved).toBeInViewport({ ratio: 1 });
  await expectNoAxeViolations(page);
  await context.close();
});
