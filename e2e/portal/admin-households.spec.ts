import { expect, test, type Page } from "@playwright/test";
import { DEMO_TOTP_SECRET } from "../../lib/demo/seed-identity.ts";
import { createStaffMember, uniqueWord } from "../support/admin.ts";
import { sql } from "../support/database.ts";
import { birthDateYearsAgo, createChildWithoutSignIn, createFamily } from "../support/families.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll } from "../support/page-checks.ts";
import { signInThroughPortal } from "../support/portal.ts";

// Staff › Households in Debian's Chromium (issue 17): the office finds a household by name and opens it to
// see its members and what its adults wrote about a child; never its join code. 1280 and 375 px.

test.use({ timezoneId: "UTC" });
const main = (page: Page) => page.getByRole("main");

test("find a household, open it: its adults, its child with birth date and notes, no join code", async ({ browser }) => {
  const staff = await createStaffMember("admin-households");
  const parent = await createTestMember("admin-households-parent");
  const child = await createChildWithoutSignIn("Noor", await birthDateYearsAgo(6));
  const name = `The ${uniqueWord()} household`;
  const familyId = await createFamily({ adults: [parent], children: [child] }, name);
  await sql(`UPDATE family_member SET notes = 'Bee sting allergy' WHERE family_id = $1 AND user_id = $2`, [familyId, child.id]);

  for (const [width, file] of [
    [1280, "admin-households-1280.png"],
    [375, "admin-households-375.png"],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height: 800 }, timezoneId: "UTC" });
    const page = await context.newPage();
    await signInThroughPortal(page, { email: staff.email, password: staff.password, totpSecret: DEMO_TOTP_SECRET });
    await page.goto("/admin/households");
    await expect(page.getByRole("heading", { level: 1, name: "Households" })).toBeVisible();
    await main(page).getByRole("searchbox", { name: "Search by household name" }).fill(name);
    await main(page).getByRole("searchbox", { name: "Search by household name" }).press("Enter");
    const card = main(page).getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
    await expect(card).toHaveCount(1);
    await card.getByRole("button", { name: `Show members of ${name}` }).focus();
    await page.keyboard.press("Enter");
    const members = card.getByRole("list", { name: `Members of ${name}` });
    await expect(members).toContainText(`${parent.givenName} ${parent.familyName}`);
    await expect(members).toContainText("Noor");
    await expect(members).toContainText("Bee sting allergy");
    await expect(card).not.toContainText(/code/i);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/screens/${file}`, fullPage: true });
    await context.close();
  }
});

test("a search that finds nothing says so", async ({ page }) => {
  const staff = await createStaffMember("admin-households-empty");
  await signInThroughPortal(page, { email: staff.email, password: staff.password, totpSecret: DEMO_TOTP_SECRET });
  await page.goto("/admin/households");
  await main(page).getByRole("searchbox", { name: "Search by household name" }).fill(`nothing ${uniqueWord()}`);
  await main(page).getByRole("button", { name: "Search", exact: true }).click();
  await expect(main(page).getByText("No household matches this search.")).toBeVisible();
});
