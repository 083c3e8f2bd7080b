import { expect, test, type Browser, type Page } from "@playwright/test";
import { latestCodeFor, messagesTo, wrongCode } from "../support/outbox.ts";
import { createTestMember, uniqueEmail, type TestMember } from "../support/oauth-accounts.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll, tabTo } from "../support/page-checks.ts";
import { signInOverHttp } from "../support/portal.ts";

// Account › Profile and Security › Password in Debian's Chromium: a member renames themselves from the
// overview's link, with the keyboard, and sees it everywhere; they choose a new password with the strength
// meter, their other device is signed out, and the new password signs them in. The rules themselves (what is
// logged, what ends, what is refused) are service tests (lib/users, lib/passwords).

test.use({ timezoneId: "UTC" });

const main = (page: Page) => page.getByRole("main");
const header = (page: Page) => page.getByRole("banner");
const nameSection = (page: Page) => main(page).getByRole("region", { name: "Your name" });
const emailSection = (page: Page) => main(page).getByRole("region", { name: "Email address" });
const passwordSection = (page: Page) => main(page).getByRole("region", { name: "Password", exact: true });
const logSection = (page: Page) => main(page).getByRole("region", { name: "Recent security activity" });
const STRONG_PASSWORD = "lantern orchard violet river";

/** The emails telling the member their password changed (signing in from a new browser sends its own). */
const passwordNotices = async (member: TestMember) => (await messagesTo(member.email)).filter((message) => message.subject?.startsWith("Your password was changed"));

async function signedInElsewhere(browser: Browser, member: TestMember) {
  const context = await browser.newContext({ userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1", timezoneId: "UTC" });
  const page = await context.newPage();
  await signInOverHttp(page, { email: member.email, password: member.password });
  return { context, page };
}

test("a member changes their name from the overview with the keyboard; the header, the overview and the security log say the new one", async ({ page }) => {
  const member = await createTestMember("profile-name");
  await signInOverHttp(page, member);
  await main(page).getByRole("link", { name: "Change your name" }).click();
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect(page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Profile" })).toHaveAttribute("aria-current", "page");

  const first = nameSection(page).getByRole("textbox", { name: "First name" });
  await expect(first).toHaveValue(member.givenName);
  await expect(nameSection(page).getByRole("textbox", { name: "Last name" })).toHaveValue(member.familyName);
  await expectNoAxeViolations(page);

  // An empty name is explained under its field; nothing is sent.
  await tabTo(page, first);
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Backspace");
  await page.keyboard.press("Enter");
  await expect(nameSection(page).getByText("Enter your first name.")).toBeVisible();
  await expect(first).toBeFocused();

  await page.keyboard.type("Margarethe");
  await page.keyboard.press("Enter");
  await expect(nameSection(page).getByRole("status")).toHaveText(`Saved. Your name is now Margarethe ${member.familyName}.`);

  // The name she goes by: optional, kept after a reload, and said in the log.
  const goesBy = nameSection(page).getByRole("textbox", { name: "Name you go by (optional)" });
  await expect(goesBy).toHaveValue("");
  await tabTo(page, goesBy);
  await page.keyboard.type("Greta");
  await page.keyboard.press("Enter");
  await expect(nameSection(page).getByRole("status")).toHaveText(`Saved. Your name is now Margarethe ${member.familyName}, and you go by Greta.`);
  await page.reload();
  await expect(nameSection(page).getByRole("textbox", { name: "Name you go by (optional)" })).toHaveValue("Greta");

  await page.goto("/account");
  await expect(main(page).getByText(`Signed in as Margarethe ${member.familyName}`)).toBeVisible();
  await page.goto("/account/security");
  await expect(logSection(page).getByText(`Name changed: Margarethe ${member.familyName}`, { exact: true })).toBeVisible();
  await expect(logSection(page).getByText(`Name changed: Margarethe ${member.familyName}, goes by Greta`)).toBeVisible();
});

test("a member chooses a new password with the meter: a guessable one is refused, the other device is signed out, the new one signs in", async ({ page, browser }) => {
  const member = await createTestMember("profile-password");
  const phone = await signedInElsewhere(browser, member);
  await signInOverHttp(page, member);
  await page.goto("/account/security");

  const field = passwordSection(page).getByLabel("New password");
  await tabTo(page, field);
  await page.keyboard.type("password123");
  await expect(passwordSection(page).getByText("Too easy to guess")).toBeVisible();
  await page.keyboard.press("Enter");
  // The server is the authority: its reason is shown under the field, and nothing changed.
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(passwordSection(page).getByRole("status")).toHaveText("");
  expect(await passwordNotices(member)).toEqual([]);

  await field.fill(STRONG_PASSWORD);
  await expect(passwordSection(page).getByText(/Strong|Good/)).toBeVisible();
  await expectNoAxeViolations(page);
  await field.press("Enter");
  await expect(passwordSection(page).getByRole("status")).toHaveText("Your password is changed. One other device was signed out.");
  await expect(field).toHaveValue("");
  await expect(logSection(page).getByText("Password changed")).toBeVisible();
  expect(await passwordNotices(member)).toHaveLength(1);

  // The phone's session ended: its next page asks it to sign in.
  await phone.page.goto("/account/security");
  await expect(phone.page).toHaveURL(/\/sign-in\?/);
  await phone.context.close();

  // This browser stays signed in; after signing out, only the new password works.
  await header(page).getByRole("button", { name: "Sign out" }).click();
  await expect(header(page).getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
  await signInOverHttp(page, { email: member.email, password: STRONG_PASSWORD });
  await expect(main(page).getByText(`Signed in as ${member.givenName} ${member.familyName}`)).toBeVisible();
});

test("a member moves to a new email address with the code sent there; the old address is told, and the new one signs in", async ({ page }) => {
  const member = await createTestMember("profile-email");
  const newEmail = uniqueEmail("profile-email-new");
  await signInOverHttp(page, member);
  await page.goto("/account/profile");
  await expect(emailSection(page).getByText(member.email)).toBeVisible();

  const field = emailSection(page).getByRole("textbox", { name: "New email address" });
  await tabTo(page, field);
  await page.keyboard.type(newEmail);
  await page.keyboard.press("Enter");
  await expect(emailSection(page).getByRole("status")).toHaveText(`We sent a 6-digit code to ${newEmail}. Your address changes once you type it below.`);
  const code = await latestCodeFor(newEmail);
  const codeField = emailSection(page).getByRole("textbox", { name: `Code sent to ${newEmail}` });
  await expect(codeField).toBeFocused();
  await expectNoAxeViolations(page);

  await page.keyboard.type(wrongCode(code));
  await page.keyboard.press("Enter");
  await expect(emailSection(page).getByText("That code didn’t work. Check the email and try again.")).toBeVisible();
  await codeField.fill(code);
  await codeField.press("Enter");
  await expect(emailSection(page).getByRole("status")).toHaveText(`Done. You now sign in with ${newEmail}.`);
  await expect(emailSection(page).getByText(newEmail, { exact: true })).toBeVisible();
  expect((await messagesTo(member.email)).map((message) => message.subject)).toContainEqual(expect.stringMatching(/^Your email address was changed/));

  await page.goto("/account");
  await expect(main(page).getByText(newEmail)).toBeVisible();
  await header(page).getByRole("button", { name: "Sign out" }).click();
  await expect(header(page).getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
  await signInOverHttp(page, { email: newEmail, password: member.password });
  await expect(main(page).getByText(newEmail)).toBeVisible();
});

test("the profile and password sections at 1280 and 375 px", async ({ page }) => {
  const member = await createTestMember("profile-screens");
  await signInOverHttp(page, member);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto("/account/profile");
    await expect(nameSection(page).getByRole("textbox", { name: "First name" })).toHaveValue(member.givenName);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `test-results/screens/account-profile-${width}.png`, fullPage: true });
    await page.goto("/account/security");
    await passwordSection(page).getByLabel("New password").fill("orchard");
    await expect(passwordSection(page).getByText("Too short")).toBeVisible();
    await expectNoSidewaysScroll(page);
    await passwordSection(page).screenshot({ path: `test-results/screens/account-password-${width}.png` });
  }
  await expectNoAxeViolations(page);
});
