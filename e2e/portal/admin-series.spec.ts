import { expect, test, type Page } from "@playwright/test";
import { DEMO_TOTP_SECRET } from "../../lib/demo/seed-identity.ts";
import { createStaffMember, eventBody, staffWithToken, uniqueWord } from "../support/admin.ts";
import { callApi } from "../support/identity-api.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll } from "../support/page-checks.ts";
import { signInOverHttp } from "../support/portal.ts";

// Staff › Series in Debian's Chromium (docs/decisions/0026): the office finds a recurring series by its title,
// reads its rule in words, how many dates and drafts it has and its next date, and opens that date, whose page
// holds the series' tools. A member without events:read is told the page is not theirs. axe, no sideways
// scroll, and screenshots at 1280 and 375 px.

test.use({ timezoneId: "UTC" });
const main = (page: Page) => page.getByRole("main");

test("find a series by its title, read its rule and next date, and open that date", async ({ page }) => {
  const { token } = await staffWithToken("admin-series-api");
  const title = `Men's breakfast ${uniqueWord()}`;
  const start = new Date(Date.now() + 12 * 86_400_000).toISOString().slice(0, 10);
  const created = await callApi("POST", "/api/v1/admin/series", token, {
    body: { ...eventBody({ title, startDate: start, endDate: start, startTime: "07:30", endTime: "09:00" }), repeat: { frequency: "MONTHLY", weekdays: ["SA"], monthWeek: 1, count: 6 } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const firstDate = created.body.occurrences[0] as { eventId: string; startDate: string };

  const staff = await createStaffMember("admin-series");
  await signInOverHttp(page, { email: staff.email, password: staff.password, totpSecret: DEMO_TOTP_SECRET });
  await page.goto("/admin/events");
  await main(page).getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Series" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Series" })).toBeVisible();
  await expect(main(page).getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Series" })).toHaveAttribute("aria-current", "page");

  await expect(main(page).getByRole("link", { name: "New series (an event that repeats)" })).toHaveAttribute("href", "/admin/events/new");
  await main(page).getByRole("searchbox", { name: "Search series by title" }).fill(title);
  await main(page).getByRole("searchbox", { name: "Search series by title" }).press("Enter");
  const card = main(page).getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("Monthly on the first Saturday, 6 times");
  await expect(card).toContainText("6: not on the calendar until published");
  // Written by the browser's own Intl (its ICU, not Node's, which may punctuate a long date differently).
  const written = await page.evaluate((date) => {
    const [year, month, day] = date.split("-").map(Number) as [number, number, number];
    return new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(year, month - 1, day)));
  }, firstDate.startDate);
  await expect(card).toContainText(`${written}, 07:30 (draft)`);
  await expect(card).toContainText("America/New_York");
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/admin-series-1280.png", fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/admin-series-375.png", fullPage: true });

  await card.getByRole("link", { name: `Open the next date of ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/events/${firstDate.eventId}$`));
  await expect(main(page).getByRole("region", { name: "Series" })).toContainText("Monthly on the first Saturday, 6 times");
});

test("a search that finds nothing says so; a member without events:read is told the page is not theirs", async ({ page }) => {
  const staff = await createStaffMember("admin-series-empty");
  await signInOverHttp(page, { email: staff.email, password: staff.password, totpSecret: DEMO_TOTP_SECRET });
  await page.goto("/admin/series");
  await main(page).getByRole("searchbox", { name: "Search series by title" }).fill(`Nothing ${uniqueWord()}`);
  await main(page).getByRole("searchbox", { name: "Search series by title" }).press("Enter");
  await expect(main(page)).toContainText("No series matches this search.");

  const member = await createTestMember("series-member", { totpSecret: DEMO_TOTP_SECRET });
  await page.context().clearCookies();
  await signInOverHttp(page, { email: member.email, password: member.password, totpSecret: DEMO_TOTP_SECRET });
  await page.goto("/admin/series");
  await expect(page.getByRole("heading", { level: 1, name: "Not available to your account" })).toBeVisible();
  await expect(main(page).getByRole("alert")).toContainText("events:read");
});
