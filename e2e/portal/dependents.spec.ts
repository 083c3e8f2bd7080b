import { expect, test, type Page } from "@playwright/test";
import { sql } from "../support/database.ts";
import { birthDateYearsAgo, makeGuardian, setBirthDate } from "../support/families.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { DEMO_APP } from "../support/oauth-browser.ts";
import { tokenRequest, tokensFor } from "../support/oauth-client.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll, tabTo } from "../support/page-checks.ts";
import { signInOverHttp } from "../support/portal.ts";

// /account/dependents in Debian's Chromium: a teenager allows demo-app through the real consent screen;
// their guardian removes that access with the keyboard through a confirmation, and demo-app's refresh
// token for the teenager is refused. Each test has its own guardian and dependant.

const DEPENDENTS_PATH = "/account/dependents";
const DEMO_APP_NAME = "Demo app";

test.use({ timezoneId: "UTC" });

const main = (page: Page) => page.getByRole("main");

async function guardianAndTeenUsingDemoApp(label: string) {
  const teen = await createTestMember(`${label}-teen`);
  await setBirthDate(teen.id, await birthDateYearsAgo(15));
  const demo = await tokensFor(teen);
  expect(demo.refresh_token, "demo-app got no refresh token").toBeTruthy();
  const guardian = await createTestMember(`${label}-guardian`);
  await makeGuardian(guardian.id, [teen.id]);
  const [consent] = await sql<{ id: string; status: string }>(`SELECT id, status FROM consent WHERE user_id = $1 AND client_id = $2`, [teen.id, DEMO_APP.id]);
  expect(consent!.status).toBe("granted");
  return { teen, guardian, demo, consentId: consent!.id };
}

test("a guardian removes demo-app's access to their teenager's account with the keyboard, and demo-app is shut out", async ({ page }) => {
  const { teen, guardian, demo, consentId } = await guardianAndTeenUsingDemoApp("dependents-remove");
  const teenName = `${teen.givenName} ${teen.familyName}`;

  await signInOverHttp(page, { email: guardian.email, password: guardian.password });
  const nav = page.getByRole("navigation", { name: "Account" });
  await nav.getByRole("link", { name: "Children’s apps" }).click();
  await expect(page).toHaveURL(new RegExp(`${DEPENDENTS_PATH}$`));
  await expect(nav.getByRole("link", { name: "Children’s apps" })).toHaveAttribute("aria-current", "page");
  await expect(page).toHaveTitle(/^Children’s apps · /);

  const card = main(page).getByRole("article", { name: teenName });
  await expect(card).toBeVisible();
  await expect(card.getByText("Signs in on their own.")).toBeVisible();
  const comesOfAge = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${await birthDateYearsAgo(-3)}T00:00:00Z`));
  await expect(card.getByText(`In your care until ${comesOfAge}`, { exact: false })).toBeVisible();
  await expect(card.getByText(DEMO_APP_NAME, { exact: true })).toBeVisible();
  await expect(card.getByText("It can: Confirm who you are when you sign in; See your name and language; See your email address;", { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);

  const removeButton = card.getByRole("button", { name: `Remove access for ${DEMO_APP_NAME} to ${teen.givenName}’s account` });
  await tabTo(page, removeButton);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Remove access for ${DEMO_APP_NAME} to ${teen.givenName}’s account?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`${DEMO_APP_NAME} will be signed out of ${teen.givenName}’s account`);
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectNoAxeViolations(page);

  // Escape first: nothing happens.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(removeButton).toBeFocused();
  expect(await sql(`SELECT status FROM consent WHERE id = $1`, [consentId])).toEqual([{ status: "granted" }]);

  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Remove access" })).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(dialog).toBeHidden();
  await expect(main(page).getByRole("status")).toHaveText(`${DEMO_APP_NAME} can no longer access ${teen.givenName}’s account.`);
  await expect(card.getByRole("heading", { level: 2, name: teenName })).toBeFocused();
  await expect(card.getByText(`No apps can access ${teen.givenName}’s account.`)).toBeVisible();
  await expect(card.getByText(`Access removed earlier: ${DEMO_APP_NAME}.`)).toBeVisible();
  await expect(main(page).getByRole("alert")).toHaveText("");
  await expectNoAxeViolations(page);

  // It holds: the consent is revoked, demo-app's refresh token for the teenager is refused, both logs say so.
  expect(await sql(`SELECT status FROM consent WHERE id = $1`, [consentId])).toEqual([{ status: "revoked" }]);
  const refresh = await tokenRequest({ grant_type: "refresh_token", refresh_token: demo.refresh_token! });
  expect(refresh.status).toBe(400);
  expect(refresh.body).toEqual({ error: "invalid_grant", error_description: "the grant has been revoked" });
  const userAgent = await page.evaluate(() => navigator.userAgent);
  expect(await sql(`SELECT user_agent, detail FROM security_event WHERE user_id = $1 AND type = 'consent_revoked'`, [teen.id])).toEqual([
    { user_agent: userAgent, detail: { client_id: DEMO_APP.id, by: "guardian", guardian_id: guardian.id } },
  ]);
  expect(await sql(`SELECT detail FROM security_event WHERE user_id = $1 AND type = 'dependent_consent_revoked'`, [guardian.id])).toEqual([
    { detail: { client_id: DEMO_APP.id, dependent_id: teen.id } },
  ]);

  // Reloaded, the page says the same.
  await page.reload();
  await expect(main(page).getByRole("article", { name: teenName }).getByText(`No apps can access ${teen.givenName}’s account.`)).toBeVisible();
});

test("a member who is nobody's guardian sees an empty page; the page fits a 375 px phone", async ({ browser }) => {
  const member = await createTestMember("dependents-none");
  const { guardian } = await guardianAndTeenUsingDemoApp("dependents-narrow");
  for (const [who, expected] of [
    [member, "No one is in your care here"],
    [guardian, "Apps with access"],
  ] as const) {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, timezoneId: "UTC" });
    const page = await context.newPage();
    await signInOverHttp(page, { email: who.email, password: who.password });
    await page.goto(DEPENDENTS_PATH);
    await expect(page.getByRole("heading", { level: 1, name: "Your children’s apps" })).toBeVisible();
    await expect(main(page).getByRole("heading", { name: expected })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await context.close();
  }
});
