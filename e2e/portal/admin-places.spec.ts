import { expect, test, type Page } from "@playwright/test";
import { DEMO_TOTP_SECRET } from "../../lib/demo/seed-identity.ts";
import { createStaffMember, uniqueWord } from "../support/admin.ts";
import { sql } from "../support/database.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll } from "../support/page-checks.ts";
import { signInOverHttp } from "../support/portal.ts";

// Staff › Campuses and ministries in Debian's Chromium (issue 17): an office member adds a campus (an
// unknown time zone is said under its field), renames it and moves it to another zone, and renames a
// ministry, with the keyboard; each search finds the new name. axe and screenshots at 1280 and 375 px.

test.use({ timezoneId: "UTC" });
const main = (page: Page) => page.getByRole("main");
const campuses = (page: Page) => main(page).getByRole("region", { name: "Campuses" });
const ministries = (page: Page) => main(page).getByRole("region", { name: "Ministries" });

test("add a campus, fix its time zone, rename it; rename a ministry; the database agrees", async ({ page }) => {
  const staff = await createStaffMember("admin-places");
  const campusName = `North ${uniqueWord()}`;
  await signInOverHttp(page, { email: staff.email, password: staff.password, totpSecret: DEMO_TOTP_SECRET });
  await page.goto("/admin/places");
  await expect(page.getByRole("heading", { level: 1, name: "Campuses and ministries" })).toBeVisible();
  await expect(main(page).getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Campuses & ministries" })).toHaveAttribute("aria-current", "page");

  await campuses(page).getByRole("button", { name: "Add a campus" }).click();
  const add = campuses(page).getByRole("form", { name: "Add a campus" });
  await add.getByRole("textbox", { name: "Name" }).fill(campusName);
  await add.getByRole("combobox", { name: "Time zone" }).fill("Mars/Olympus");
  await add.getByRole("combobox", { name: "Time zone" }).press("Enter");
  await expect(add.getByText("Must be an IANA time zone such as America/New_York.")).toBeVisible();
  await add.getByRole("combobox", { name: "Time zone" }).fill("America/Chicago");
  await add.getByRole("button", { name: "Add a campus" }).click();
  await expect(campuses(page).getByRole("status")).toContainText(`${campusName} is added.`);

  await campuses(page).getByRole("searchbox", { name: "Search campuses by name" }).fill(campusName);
  await campuses(page).getByRole("searchbox", { name: "Search campuses by name" }).press("Enter");
  const card = campuses(page).getByRole("listitem").filter({ hasText: campusName });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("America/Chicago");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/admin-places-1280.png", fullPage: true });

  await card.getByRole("button", { name: `Change ${campusName}` }).focus();
  await page.keyboard.press("Enter");
  const edit = campuses(page).getByRole("form", { name: `Change ${campusName}` });
  await edit.getByRole("textbox", { name: "Name" }).fill(`${campusName} Hall`);
  await edit.getByRole("combobox", { name: "Time zone" }).fill("America/Denver");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(campuses(page).getByRole("status")).toContainText(`${campusName} Hall is saved.`);
  const [row] = await sql<{ name: string; timezone: string }>(`SELECT name, timezone FROM campus WHERE name = $1`, [`${campusName} Hall`]);
  expect(row).toEqual({ name: `${campusName} Hall`, timezone: "America/Denver" });

  const [ministry] = await sql<{ id: string; name: string }>(`INSERT INTO ministry (id, name) VALUES ($1, $2) RETURNING id, name`, [`min_${crypto.randomUUID().replace(/-/g, "").slice(0, 10)}`, `Choir ${uniqueWord()}`]);
  await ministries(page).getByRole("searchbox", { name: "Search ministries by name" }).fill(ministry!.name);
  await ministries(page).getByRole("searchbox", { name: "Search ministries by name" }).press("Enter");
  await ministries(page).getByRole("button", { name: `Change ${ministry!.name}` }).click();
  await ministries(page).getByRole("form", { name: `Change ${ministry!.name}` }).getByRole("textbox", { name: "Name" }).fill(`${ministry!.name} Ensemble`);
  await ministries(page).getByRole("button", { name: "Save" }).click();
  await expect(ministries(page).getByRole("heading", { name: `${ministry!.name} Ensemble` })).toBeVisible();
});

test("the places page on a 375 px phone: no sideways scrolling, axe clean with the add form open", async ({ browser }) => {
  const staff = await createStaffMember("admin-places-phone");
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, timezoneId: "UTC" });
  const page = await context.newPage();
  await signInOverHttp(page, { email: staff.email, password: staff.password, totpSecret: DEMO_TOTP_SECRET });
  await page.goto("/admin/places");
  await campuses(page).getByRole("button", { name: "Add a campus" }).click();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/admin-places-375.png", fullPage: true });
  await context.close();
});
