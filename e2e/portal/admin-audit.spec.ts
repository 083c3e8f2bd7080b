import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import { expect, test, type Page } from "@playwright/test";
import { DEMO_TOTP_SECRET } from "../../lib/demo/seed-identity.ts";
import { createStaffMember, staffWithToken, uniqueWord } from "../support/admin.ts";
import { api } from "../support/contacts.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll } from "../support/page-checks.ts";
import { signInOverHttp } from "../support/portal.ts";

// Staff › Audit log in Debian's Chromium (issue 17): an administrator finds what a staff member changed,
// opens it to each row before and after, and downloads the filtered log as CSV; staff who are not
// administrators are told the page is not theirs. 1280 and 375 px.

test.use({ timezoneId: "UTC" });
const main = (page: Page) => page.getByRole("main");

test("an administrator finds a colleague's change, sees it before and after, and downloads the filtered log", async ({ browser }) => {
  const admin = await createStaffMember("audit-admin", "admin");
  const { member: colleague, token } = await staffWithToken("audit-colleague");
  const name = `Campus ${uniqueWord()}`;
  const created = await api("POST", "/api/v1/admin/campuses", token, { body: { name, timezone: "Europe/Lisbon" } });
  expect(created.status).toBe(201);
  expect((await api("PATCH", `/api/v1/admin/campuses/${created.body.id}`, token, { body: { name: `${name} East` } })).status).toBe(200);

  for (const [width, file] of [
    [1280, "admin-audit-1280.png"],
    [375, "admin-audit-375.png"],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height: 800 }, timezoneId: "UTC", acceptDownloads: true });
    const page = await context.newPage();
    await signInOverHttp(page, { email: admin.email, password: admin.password, totpSecret: DEMO_TOTP_SECRET });
    await page.goto("/admin");
    await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Audit log" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();

    const filters = main(page).getByRole("search", { name: "Audit log" });
    await filters.getByRole("searchbox", { name: "Search" }).fill(colleague.email);
    await filters.getByRole("combobox", { name: "Area" }).selectOption({ label: "Campuses" });
    await filters.getByRole("searchbox", { name: "Search" }).press("Enter");
    const entries = main(page).getByRole("listitem").filter({ has: page.getByRole("heading") });
    await expect(entries).toHaveCount(2);
    const change = entries.first();
    // In words: who did what to which campus, and which field changed; the exact record under it.
    await expect(change.getByRole("heading", { name: `Test Member audit-colleague changed the campus “${name} East”` })).toBeVisible();
    await expect(change).toContainText(colleague.email);
    await expect(change.getByText("Changed: name", { exact: true })).toBeVisible();
    await change.getByText("The exact record (1 row changed)").click();
    await expect(change).toContainText(`PATCH /api/v1/admin/campuses/${created.body.id}`);
    const table = change.getByRole("table", { name: new RegExp(`campus ${created.body.id}: changed`) });
    await expect(table.getByRole("row", { name: `name ${name} ${name} East` })).toBeVisible();
    await expect(entries.nth(1).getByRole("heading", { name: `Test Member audit-colleague added the campus “${name}”` })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/screens/${file}`, fullPage: true });

    if (width === 1280) {
      const [download] = await Promise.all([page.waitForEvent("download"), main(page).getByRole("button", { name: "Download CSV" }).click()]);
      expect(download.suggestedFilename()).toMatch(/^staff-audit-\d{4}-\d{2}-\d{2}\.csv$/);
      const rows: string[][] = parse(await readFile(await download.path(), "utf8"));
      // The header, then the two writes the filters show: the download is what the page shows.
      expect(rows.slice(1).map((row) => `${row[3]} ${row[4]}`)).toEqual([`PATCH /api/v1/admin/campuses/${created.body.id}`, "POST /api/v1/admin/campuses"]);

      // A day range the other way round is said under the field, and nothing is asked of the server.
      await filters.getByLabel("From (UTC)").fill("2026-03-02");
      await filters.getByLabel("To (UTC)").fill("2026-03-01");
      await filters.getByRole("button", { name: "Show" }).click();
      await expect(filters.getByText("Must be on or after the “From” day")).toBeVisible();
      await filters.getByRole("button", { name: "Clear" }).click();
      await expect(filters.getByRole("searchbox", { name: "Search" })).toHaveValue("");
    }
    await context.close();
  }
});

test("a search that finds nothing says so; staff who are not administrators are told the log is not theirs", async ({ page }) => {
  const admin = await createStaffMember("audit-empty", "admin");
  await signInOverHttp(page, { email: admin.email, password: admin.password, totpSecret: DEMO_TOTP_SECRET });
  await page.goto("/admin/audit");
  const search = main(page).getByRole("searchbox", { name: "Search" });
  await search.fill(`nobody ${uniqueWord()}`);
  await search.press("Enter");
  await expect(main(page).getByText("No entry matches these filters.")).toBeVisible();

  const staff = await createStaffMember("audit-staff");
  const context = await page.context().browser()!.newContext({ timezoneId: "UTC" });
  const other = await context.newPage();
  await signInOverHttp(other, { email: staff.email, password: staff.password, totpSecret: DEMO_TOTP_SECRET });
  await other.goto("/admin/audit");
  await expect(other.getByRole("heading", { level: 1, name: "Not available to your account" })).toBeVisible();
  await expect(main(other).getByRole("alert")).toContainText("audit:read");
  await context.close();
});
