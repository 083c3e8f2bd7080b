import { expect, test, type Page } from "@playwright/test";
import { createCheckInCampus, createCheckInEvent, createHousehold } from "../support/check-in.ts";
import { sql } from "../support/database.ts";
import { callApi } from "../support/identity-api.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { portalTokensFor } from "../support/oauth-client.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll, tabTo } from "../support/page-checks.ts";
import { signInOverHttp } from "../support/portal.ts";

// The account's home and navigation in Debian's Chromium (issue 38, items 2 and 3): on a laptop the sections
// are a grouped sidebar beside every page; on a phone the account's first page is the list of sections and
// every other page leads back to it, with nothing cut off or scrolling sideways. A new member's home names
// the next steps that apply to them; a parent's says what the household is signed up for next.

test.use({ timezoneId: "UTC" });

const main = (page: Page) => page.getByRole("main");
const accountNav = (page: Page) => page.getByRole("navigation", { name: "Account" });
const nextSteps = (page: Page) => main(page).getByRole("region", { name: "Next steps" });
const comingUp = (page: Page) => main(page).getByRole("region", { name: "Coming up" });

test("on a laptop: a new member's home names every next step, and the grouped sidebar follows them with the keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const member = await createTestMember("account-home");
  await signInOverHttp(page, member);
  await page.goto("/account");

  await expect(nextSteps(page).getByRole("heading", { level: 3 })).toHaveText([
    "Add your household",
    "Connect your membership",
    "Add your mobile number",
    "Sign in with your face or fingerprint",
  ]);
  await expect(comingUp(page)).toContainText("Nobody in your household is signed up for an upcoming event.");
  for (const group of ["You", "Sign-in and security", "Family", "Church"]) await expect(accountNav(page).getByRole("list", { name: group })).toBeVisible();
  await expect(accountNav(page).getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/account-home-1280.png", fullPage: true });

  // With the keyboard, from the step to its page; the sidebar stays and marks where they are.
  const step = nextSteps(page).getByRole("link", { name: "Set up your household" });
  await tabTo(page, step);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/account\/family$/);
  await expect(accountNav(page).getByRole("link", { name: "Family", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(accountNav(page).getByRole("link", { name: "Your account" })).toBeHidden();
  await tabTo(page, accountNav(page).getByRole("link", { name: "Check-in" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/account\/check-in$/);
  await expectNoAxeViolations(page);
});

test("on a phone: the home ends with the list of sections, each page leads back to it, and nothing scrolls sideways", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const member = await createTestMember("account-phone");
  await signInOverHttp(page, member);
  await page.goto("/account");

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account");
  const links = accountNav(page).getByRole("link");
  // Every section but this one.
  await expect(links).toHaveCount(9);
  // Every section's name is there in full, each row as wide as the list.
  for (const link of await links.all()) {
    await expect(link).toBeVisible();
    const box = (await link.boundingBox())!;
    expect(box.width, await link.innerText()).toBeGreaterThan(300);
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/account-home-375.png", fullPage: true });

  await accountNav(page).getByRole("link", { name: "Security" }).click();
  await expect(page).toHaveURL(/\/account\/security$/);
  await expect(accountNav(page).getByRole("link", { name: "Security" })).toBeHidden();
  const back = accountNav(page).getByRole("link", { name: "Your account" });
  await expect(back).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/account-section-375.png" });
  await back.click();
  await expect(page).toHaveURL(/\/account$/);
});

test("a parent's home says what the household is signed up for next, and leaves out the steps already done", async ({ page }) => {
  const event = await createCheckInEvent(await createCheckInCampus(), { title: "Harvest supper", startsInMinutes: 3 * 24 * 60, capacity: 20, modes: ["NONE"] });
  await sql(`UPDATE event SET registration_open = true WHERE id = $1`, [event.id]);
  const { mum, kids } = await createHousehold("account-coming-up", 1);
  const { access_token } = await portalTokensFor(mum);
  const signedUp = await callApi("POST", `/api/v1/users/me/events/${event.id}/registration`, access_token, { body: { person_ids: [mum.id, kids[0]!.id] } });
  expect(signedUp.status).toBe(201);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInOverHttp(page, mum);
  await page.goto("/account");
  const card = comingUp(page).getByRole("listitem").filter({ hasText: "Harvest supper" });
  await expect(card).toContainText(mum.givenName);
  await expect(card).toContainText(kids[0]!.givenName);
  await expect(nextSteps(page)).not.toContainText("Add your household");
  await expect(nextSteps(page)).toContainText("Connect your membership");
  await card.getByRole("link", { name: "Harvest supper" }).click();
  await expect(page).toHaveURL(/\/calendar\//);
});
