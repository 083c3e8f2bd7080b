import { expect, test, type Page } from "@playwright/test";
import { DEMO_TOTP_SECRET } from "../../lib/demo/seed-identity.ts";
import { createStaffMember, uniqueWord } from "../support/admin.ts";
import { sql } from "../support/database.ts";
import { birthDateYearsAgo, createChildWithoutSignIn, createFamily } from "../support/families.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll, tabTo } from "../support/page-checks.ts";
import { signInOverHttp } from "../support/portal.ts";

// Staff › Households in Debian's Chromium (issue 17): the office finds a household by name in a table
// (sorted by name either way) and shows its members in place, with what its adults wrote about a child;
// never its join code. The journey "staff merge two households" (find the duplicate, see what will move,
// confirm), and the household page's own tools:
// a new household, a member added, a child added with a field error under its field, a removal confirmed,
// a waiting guardianship request confirmed. Keyboard only where it matters; axe; 1280 and 375 px.

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
    await signInOverHttp(page, { email: staff.email, password: staff.password, totpSecret: DEMO_TOTP_SECRET });
    await page.goto("/admin/households");
    await expect(page.getByRole("heading", { level: 1, name: "Households" })).toBeVisible();
    await main(page).getByRole("searchbox", { name: "Search by household name" }).fill(name);
    await main(page).getByRole("searchbox", { name: "Search by household name" }).press("Enter");
    const table = main(page).getByRole("table", { name: /^Households/ });
    const row = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("cell", { name: "2", exact: true })).toBeVisible();
    const show = row.getByRole("button", { name: `Show members of ${name}` });
    await expect(show).toHaveAttribute("aria-expanded", "false");
    await show.focus();
    await page.keyboard.press("Enter");
    await expect(row.getByRole("button", { name: `Hide members of ${name}` })).toHaveAttribute("aria-expanded", "true");
    // Shown in place, under the household's row.
    const members = table.getByRole("list", { name: `Members of ${name}` });
    await expect(members).toContainText(`${parent.givenName} ${parent.familyName}`);
    await expect(members).toContainText("Noor");
    await expect(members).toContainText("Bee sting allergy");
    await expect(table).not.toContainText(/code/i);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/screens/${file}`, fullPage: true });
    await context.close();
  }
});

test("a search that finds nothing says so", async ({ page }) => {
  const staff = await createStaffMember("admin-households-empty");
  await signInOverHttp(page, { email: staff.email, password: staff.password, totpSecret: DEMO_TOTP_SECRET });
  await page.goto("/admin/households");
  await main(page).getByRole("searchbox", { name: "Search by household name" }).fill(`nothing ${uniqueWord()}`);
  await main(page).getByRole("button", { name: "Search", exact: true }).click();
  await expect(main(page).getByText("No household matches this search.")).toBeVisible();
});

/** A confirmation dialog: Cancel has focus first; Tab to the button and Enter confirms it. */
async function confirmIn(page: Page, title: string, button: string, screenshot?: string) {
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel", exact: true })).toBeFocused();
  await expectNoAxeViolations(page);
  if (screenshot) await page.screenshot({ path: `test-results/screens/${screenshot}` });
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: button, exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
}

test("staff merge two households: find the duplicate, see what will move, confirm; everyone is in one household", async ({ browser }) => {
  const staff = await createStaffMember("admin-households-merge");
  for (const width of [1280, 375] as const) {
    const word = uniqueWord();
    const keep = `The ${word} family`;
    const duplicate = `The ${word} family (dad's)`;
    const mum = await createTestMember(`admin-merge-mum-${width}`);
    const dad = await createTestMember(`admin-merge-dad-${width}`);
    const toddler = await createChildWithoutSignIn("Sami", await birthDateYearsAgo(3));
    const keepId = await createFamily({ adults: [mum] }, keep);
    const duplicateId = await createFamily({ adults: [dad], children: [toddler] }, duplicate);
    await sql(`UPDATE family_member SET notes = 'Naps after lunch' WHERE family_id = $1 AND user_id = $2`, [duplicateId, toddler.id]);

    const context = await browser.newContext({ viewport: { width, height: 900 }, timezoneId: "UTC" });
    const page = await context.newPage();
    await signInOverHttp(page, { email: staff.email, password: staff.password, totpSecret: DEMO_TOTP_SECRET });
    await page.goto("/admin/households");
    const search = main(page).getByRole("searchbox", { name: "Search by household name" });
    await search.fill(word);
    await search.press("Enter");
    const households = main(page).getByRole("table", { name: /^Households/ }).getByRole("rowheader");
    // By name, A to Z, then Z to A from the Household header.
    await expect(households).toHaveText([keep, duplicate]);
    await main(page).getByRole("button", { name: "Household", exact: true }).click();
    await expect(households).toHaveText([duplicate, keep]);
    await expect(main(page).getByRole("columnheader", { name: "Household" })).toHaveAttribute("aria-sort", "descending");
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/screens/admin-households-list-${width}.png`, fullPage: true });

    // Open the household that stays, with the keyboard: its name is the link.
    const open = main(page).getByRole("link", { name: keep, exact: true });
    await tabTo(page, open, 80);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/admin/households/${keepId}$`));
    await expect(main(page).getByRole("heading", { level: 2, name: keep })).toBeVisible();
    await expect(main(page).getByRole("list", { name: `Members of ${keep}` })).toContainText(`${mum.givenName} ${mum.familyName}`);

    const other = main(page).getByRole("searchbox", { name: "Find the other household by name" });
    await other.fill(word);
    await other.press("Enter");
    const found = main(page).getByRole("list", { name: "Households found" });
    await expect(found.getByRole("listitem")).toHaveCount(1);
    await tabTo(page, found.getByRole("button", { name: `Choose ${duplicate}` }));
    await page.keyboard.press("Enter");
    const preview = main(page).getByRole("list", { name: `Members of ${duplicate}` });
    await expect(preview).toContainText(`${dad.givenName} ${dad.familyName}`);
    await expect(preview).toContainText("Sami");
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/screens/admin-household-detail-${width}.png`, fullPage: true });

    await tabTo(page, main(page).getByRole("button", { name: `Merge into ${keep}` }), 100);
    await page.keyboard.press("Enter");
    await confirmIn(page, `Merge ${duplicate} into ${keep}?`, "Merge households", `admin-household-merge-confirm-${width}.png`);
    await expect(main(page).getByRole("status").filter({ hasText: `${duplicate} was merged into ${keep}.` })).toBeVisible();
    const members = main(page).getByRole("list", { name: `Members of ${keep}` });
    await expect(members).toContainText(`${dad.givenName} ${dad.familyName}`);
    await expect(members).toContainText("Naps after lunch");
    expect(await sql(`SELECT id FROM family WHERE id = $1`, [duplicateId])).toEqual([]);
    expect(await sql(`SELECT count(*)::int AS n FROM family_member WHERE family_id = $1`, [keepId])).toEqual([{ n: 3 }]);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await context.close();
  }
});

test("the household page's tools: a new household, a member added, a child with a field error under its field, a removal confirmed, a waiting request confirmed", async ({ page }) => {
  const staff = await createStaffMember("admin-households-tools");
  const word = uniqueWord();
  const parent = await createTestMember(`admin-tools-parent`);
  await sql(`UPDATE account SET given_name = $2 WHERE id = $1`, [parent.id, `Parent${word}`]);
  const teen = await createTestMember(`admin-tools-teen`);
  await sql(`UPDATE account SET given_name = $2, birth_date = $3 WHERE id = $1`, [teen.id, `Teen${word}`, await birthDateYearsAgo(15)]);
  // On a phone: every form of the page must fit 375 px.
  await page.setViewportSize({ width: 375, height: 900 });
  await signInOverHttp(page, { email: staff.email, password: staff.password, totpSecret: DEMO_TOTP_SECRET });

  await page.goto("/admin/households");
  await main(page).getByRole("button", { name: "Add a household" }).click();
  await main(page).getByRole("button", { name: "Add household" }).click();
  await expect(main(page).getByText("Enter the household’s name.")).toBeVisible();
  await expect(main(page).getByRole("textbox", { name: "Household name" })).toBeFocused();
  await page.keyboard.type(`The ${word} household`);
  await page.keyboard.press("Enter");
  await expect(main(page).getByRole("heading", { level: 2, name: `The ${word} household` })).toBeVisible();
  await expect(main(page).getByText("Nobody in this household yet.")).toBeVisible();

  // An adult, then a teenager who signs in: the adult is proposed as guardian, waiting for the teen.
  for (const [name, role] of [
    [`Parent${word}`, "adult"],
    [`Teen${word}`, "child"],
  ] as const) {
    await main(page).getByRole("button", { name: "Add a member" }).click();
    const find = main(page).getByRole("searchbox", { name: "Find a person by name or email" });
    await find.fill(name);
    await find.press("Enter");
    await main(page).getByRole("list", { name: "People found" }).getByRole("button", { name: new RegExp(`^Add as ${role} ${name}`) }).click();
    await expect(main(page).getByRole("status").filter({ hasText: `was added to The ${word} household as ${role === "adult" ? "an adult" : "a child"}.` })).toBeVisible();
    await expect(main(page).getByRole("list", { name: `Members of The ${word} household` })).toContainText(name);
  }
  const waiting = main(page).getByRole("list", { name: "Guardianship requests waiting" });
  await expect(waiting).toContainText(`Parent${word}`);
  await waiting.getByRole("button", { name: /^Confirm / }).click();
  await confirmIn(page, `Confirm Parent${word} ${parent.familyName} as guardian?`, "Confirm guardian");
  await expect(main(page).getByRole("list", { name: "Live guardianships" })).toContainText(`Teen${word}`);

  // A child without a sign-in: a birth date of an adult is refused under its field.
  await main(page).getByRole("button", { name: "Add a child without a sign-in" }).click();
  const form = main(page).getByRole("form", { name: "Add a child without a sign-in" });
  await form.getByRole("textbox", { name: "First name" }).fill("Noor");
  await form.getByRole("textbox", { name: "Last name" }).fill(word);
  await form.getByLabel("Birth date").fill("1990-01-01");
  await expect(form.getByRole("checkbox", { name: `Parent${word} ${parent.familyName}` })).toBeChecked();
  await form.getByRole("button", { name: "Add child" }).click();
  await expect(form.getByText("A child must be under 18.")).toBeVisible();
  await expect(form.getByLabel("Birth date")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/admin-household-tools-375.png", fullPage: true });
  await form.getByLabel("Birth date").fill(await birthDateYearsAgo(4));
  await form.getByRole("button", { name: "Add child" }).click();
  await expect(main(page).getByRole("status").filter({ hasText: `Noor ${word} was added to The ${word} household.` })).toBeVisible();
  const members = main(page).getByRole("list", { name: `Members of The ${word} household` });
  await expect(members).toContainText(`Noor ${word}`);

  // Removing the child's record, after a confirmation; the last adult cannot go while a child remains.
  await members.getByRole("button", { name: `Remove Noor ${word}` }).click();
  await confirmIn(page, `Remove Noor ${word}’s record?`, "Remove record");
  await expect(members).not.toContainText(`Noor ${word}`);
  await members.getByRole("button", { name: `Remove Parent${word} ${parent.familyName}` }).click();
  await confirmIn(page, `Take Parent${word} ${parent.familyName} out of The ${word} household?`, "Take out");
  await expect(main(page).getByRole("alert").filter({ hasText: /the last adult cannot be removed while the household has children/i })).toBeVisible();
  await expect(members).toContainText(`Parent${word}`);
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
});
