import { expect, test, type Page } from "@playwright/test";
import { createCheckInCampus, createCheckInEvent } from "../support/check-in.ts";
import { sql } from "../support/database.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll, tabTo } from "../support/page-checks.ts";
import { signInOverHttp } from "../support/portal.ts";

// /account/check-in in Debian's Chromium (issue 19, docs/decisions/0023): the member's QR, asked again every
// minute (the browser's clock is moved on, no waiting), self check-in from a 375 px phone inside an event's
// window, and their attendance. Axe; screenshots at 1280 and 375 px.

const CHECK_IN_PATH = "/account/check-in";
/** components/account/check-in/check-in-queries.ts CODE_REFRESH_MS: the page asks for a new code every minute. */
const CODE_REFRESH_MS = 60_000;
test.use({ timezoneId: "UTC" });

const main = (page: Page) => page.getByRole("main");
const qrPath = (page: Page) => main(page).getByRole("img", { name: "Your check-in QR code" }).locator("path").getAttribute("d");

test("the member's QR code is shown and replaced by a new one every minute", async ({ page }) => {
  const member = await createTestMember("check-in-qr");
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInOverHttp(page, { email: member.email, password: member.password });
  await page.clock.install();
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Check-in" }).click();
  await expect(page).toHaveURL(new RegExp(`${CHECK_IN_PATH}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Check-in" })).toBeVisible();
  const qr = main(page).getByRole("img", { name: "Your check-in QR code" });
  await expect(qr).toBeVisible();
  await expect(main(page)).toContainText("This code changes every minute");
  const first = await qrPath(page);
  expect(first).toMatch(/^M\d+ \d+h1v1h-1z/);

  // A minute on the page's clock asks for a new code. The server signs codes to the second, so the minute is
  // moved on again until the server's second has turned (at most about a second of real time).
  await expect
    .poll(async () => {
      await page.clock.runFor(CODE_REFRESH_MS);
      return qrPath(page);
    })
    .not.toBe(first);
  await expect(main(page).getByRole("region", { name: "Your recent attendance" })).toContainText("You have not been checked in to anything yet.");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/account-check-in-1280.png", fullPage: true });
});

test("self check-in on a 375 px phone inside an event's window; an event without self check-in is not offered", async ({ browser }) => {
  const member = await createTestMember("check-in-self");
  const campus = await createCheckInCampus();
  const event = await createCheckInEvent(campus, { startsInMinutes: 20, capacity: 40, title: `Evening prayer ${Date.now().toString(36)}` });
  const kioskOnly = await createCheckInEvent(campus, { startsInMinutes: 20, modes: ["QR_CODE"] });
  const later = await createCheckInEvent(campus, { startsInMinutes: 240 });

  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, timezoneId: "UTC", hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await signInOverHttp(page, { email: member.email, password: member.password });
  await page.goto(CHECK_IN_PATH);
  const open = main(page).getByRole("region", { name: "Check yourself in" });
  const card = open.getByRole("article", { name: event.title });
  await expect(card).toBeVisible();
  await expect(card).toContainText("40 places left");
  await expect(open.getByRole("article", { name: kioskOnly.title })).toHaveCount(0);
  await expect(open.getByRole("article", { name: later.title })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  await tabTo(page, card.getByRole("button", { name: "Check in" }));
  await page.keyboard.press("Enter");
  await expect(open.getByRole("status").first()).toHaveText(`You are checked in to ${event.title}.`);
  await expect(open.getByRole("heading", { name: new RegExp(`^${event.title}\\s*Checked in$`) })).toBeVisible();
  await expect(card.getByRole("button", { name: "Check in" })).toHaveCount(0);
  await expect(main(page).getByRole("region", { name: "Your recent attendance" })).toContainText(event.title);
  await expect(main(page).getByRole("region", { name: "Your recent attendance" })).toContainText("from your phone");
  expect(await sql(`SELECT method, staff_id FROM check_in WHERE event_id = $1 AND person_id = $2`, [event.id, member.id])).toEqual([{ method: "self", staff_id: null }]);

  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/account-check-in-375.png", fullPage: true });
  await context.close();
});
