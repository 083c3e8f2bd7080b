import { expect, test, type Locator, type Page } from "@playwright/test";
import { DEMO_TOTP_SECRET } from "../../lib/demo/seed-identity.ts";
import { createStaffMember, uniqueWord } from "../support/admin.ts";
import { securityEvents } from "../support/contacts.ts";
import { sql } from "../support/database.ts";
import { insertRecord } from "../support/membership.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll } from "../support/page-checks.ts";
import { signInOverHttp } from "../support/portal.ts";

// Staff › Membership › The register in Debian's Chromium (issue 17): the office searches the register (a
// table sorted by surname either way, with paging and an empty state), opens a record, sees the account
// linked to it, corrects the record (the API's refusal under its field), and unlinks it through a
// confirmation, with the keyboard. 1280 and 375 px (where an address on file shows whole on its own line), axe.

test.use({ timezoneId: "UTC" });
const main = (page: Page) => page.getByRole("main");
const register = (page: Page) => main(page).getByRole("table", { name: /^Register records/ });
const recordRow = (page: Page, name: string) => register(page).getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });

async function linkedRecord(label: string) {
  const member = await createTestMember(label);
  const record = await insertRecord({ email: member.email, familyName: `Reg${uniqueWord().toLowerCase()}` });
  await sql(`UPDATE membership_record SET linked_user_id = $1, linked_at = now() WHERE id = $2`, [member.id, record.id]);
  return { member, record };
}

/** How many lines an element's text takes on the screen: its text's boxes, grouped by how high they sit. */
async function linesOf(element: Locator): Promise<number> {
  return element.evaluate((root) => {
    const tops: number[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(text);
      for (const rect of range.getClientRects()) if (rect.width > 0) tops.push(rect.top);
    }
    tops.sort((a, b) => a - b);
    return tops.filter((top, index) => index === 0 || top - tops[index - 1]! > 4).length;
  });
}

async function search(page: Page, text: string) {
  const box = main(page).getByRole("searchbox", { name: "Search by name, email or phone" });
  await box.fill(text);
  await box.press("Enter");
}

test("search the register, open a record, correct it, and unlink its account through a confirmation", async ({ page }) => {
  const staff = await createStaffMember("admin-register");
  const { member, record } = await linkedRecord("admin-register-member");
  const name = `${record.givenName} ${record.familyName}`;
  await signInOverHttp(page, { email: staff.email, password: staff.password, totpSecret: DEMO_TOTP_SECRET });

  // From the requests page to the register by its own navigation.
  await page.goto("/admin/membership");
  await main(page).getByRole("navigation", { name: "Membership" }).getByRole("link", { name: "The register" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Membership register" })).toBeVisible();
  await expect(main(page).getByRole("navigation", { name: "Membership" }).getByRole("link", { name: "The register" })).toHaveAttribute("aria-current", "page");

  // The whole register pages; a search for nobody says so.
  await expect(main(page).getByRole("navigation", { name: "Pages of records" })).toContainText(/Page 1 of \d+/);
  await main(page).getByRole("button", { name: "Next page" }).click();
  await expect(main(page).getByRole("navigation", { name: "Pages of records" })).toContainText(/Page 2 of \d+/);
  await search(page, `nobody ${uniqueWord()}`);
  await expect(main(page).getByText("No record matches this search.")).toBeVisible();

  // By surname, A to Z until the Name header is pressed; then Z to A.
  const word = uniqueWord().toLowerCase();
  const first = await insertRecord({ familyName: `Aa${word}` });
  const last = await insertRecord({ familyName: `Zz${word}` });
  await search(page, word);
  const names = register(page).getByRole("rowheader");
  await expect(names).toHaveText([`${first.givenName} ${first.familyName}`, `${last.givenName} ${last.familyName}`]);
  await expect(register(page).getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "ascending");
  await register(page).getByRole("button", { name: "Name", exact: true }).click();
  await expect(names).toHaveText([`${last.givenName} ${last.familyName}`, `${first.givenName} ${first.familyName}`]);
  await expect(register(page).getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "descending");
  await expect(register(page)).toHaveAccessibleName("Register records, sorted by surname, Z to A");

  await search(page, record.familyName);
  const row = recordRow(page, name);
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell").filter({ hasText: `${member.givenName} ${member.familyName}` })).toContainText(member.email);
  await expect(row.getByRole("cell", { name: "Harbor Point Campus", exact: true })).toBeVisible();
  await main(page).getByRole("combobox", { name: "Show" }).selectOption("false");
  await expect(main(page).getByText("No record matches this search.")).toBeVisible();
  await main(page).getByRole("combobox", { name: "Show" }).selectOption("true");
  await expect(row).toHaveCount(1);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/admin-register-1280.png", fullPage: true });

  // Open it with the keyboard.
  await row.getByRole("link", { name }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/admin/membership/records/${record.id}$`));
  await expect(main(page).getByRole("heading", { level: 2, name })).toBeVisible();
  const account = main(page).getByRole("region", { name: "Linked account" });
  await expect(account).toContainText(`${member.givenName} ${member.familyName}`);
  await expect(account).toContainText(member.email);
  await expect(account.getByRole("link", { name: new RegExp(`^Open their page ?: ${member.givenName} ${member.familyName}$`) })).toHaveAttribute("href", `/admin/people/${member.id}`);

  // Correct it: the server's refusal goes under its field, and nothing is saved; then it is saved.
  const form = main(page).getByRole("form", { name: `Correct the record of ${name}` });
  const email = form.getByRole("textbox", { name: /Email on file/ });
  await email.fill("not-an-address");
  await form.getByRole("textbox", { name: /Phone on file/ }).fill("+1 (415) 555-0123");
  await form.getByRole("textbox", { name: /Address/ }).fill("12 Harbour Road, Boston MA 02110");
  await form.getByRole("combobox", { name: /Gender/ }).selectOption("female");
  await form.getByRole("button", { name: "Save the record" }).click();
  await expect(email).toBeFocused();
  await expect(email).toHaveAccessibleDescription(/Must be an email address\./);
  expect(await sql(`SELECT email, phone FROM membership_record WHERE id = $1`, [record.id])).toEqual([{ email: member.email, phone: null }]);
  await expectNoAxeViolations(page);
  await email.fill("Office.Copy@Example.org");
  await email.press("Enter");
  await expect(main(page).getByRole("status").first()).toContainText(`Saved the record of ${name}.`);
  await expect(main(page).getByRole("region", { name })).toContainText("+14155550123");
  await expect(main(page).getByRole("region", { name })).toContainText("12 Harbour Road, Boston MA 02110");
  expect(await sql(`SELECT email, phone, address, gender FROM membership_record WHERE id = $1`, [record.id])).toEqual([
    { email: "office.copy@example.org", phone: "+14155550123", address: "12 Harbour Road, Boston MA 02110", gender: "female" },
  ]);
  await page.screenshot({ path: "test-results/screens/admin-register-record-1280.png", fullPage: true });

  // Unlink: asked first; Cancel (focused first) changes nothing; then it is done and logged.
  await account.getByRole("button", { name: "Unlink from this account" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Unlink the record from ${member.givenName} ${member.familyName}’s account?` });
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  expect(await sql(`SELECT linked_user_id FROM membership_record WHERE id = $1`, [record.id])).toEqual([{ linked_user_id: member.id }]);
  await account.getByRole("button", { name: "Unlink from this account" }).click();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Unlink" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(main(page).getByRole("status").first()).toContainText("no longer linked");
  await expect(account).toContainText("Not linked to an account.");
  await expect(account.getByRole("heading", { name: "Linked account" })).toBeFocused();
  expect(await sql(`SELECT linked_user_id, linked_at FROM membership_record WHERE id = $1`, [record.id])).toEqual([{ linked_user_id: null, linked_at: null }]);
  expect((await securityEvents(member.id)).filter((event) => event.type === "membership_unlinked").map((event) => event.detail)).toEqual([
    { membership_id: record.id, by: staff.id },
  ]);

  // Unlinked, with an address on file: the office invites them to make an account (issue 40).
  await account.getByRole("button", { name: `Invite ${record.givenName} to make an account` }).click();
  await expect(account.getByRole("status").filter({ hasText: "Invitation sent" })).toContainText("Invitation sent to office.copy@example.org.");
  expect(await sql(`SELECT status, email FROM invitation WHERE record_id = $1`, [record.id])).toEqual([{ status: "sent", email: "office.copy@example.org" }]);
});

test("the register and a record at 375 px: no sideways scrolling, axe clean; a member without membership:read is refused", async ({ browser }) => {
  const staff = await createStaffMember("admin-register-phone");
  const { member, record } = await linkedRecord("admin-register-phone-member");
  const name = `${record.givenName} ${record.familyName}`;
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, timezoneId: "UTC" });
  const page = await context.newPage();
  await signInOverHttp(page, { email: staff.email, password: staff.password, totpSecret: DEMO_TOTP_SECRET });
  await page.goto("/admin/membership/records");
  await search(page, record.familyName);
  const row = recordRow(page, name);
  await expect(row).toContainText(member.email);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/admin-register-375.png", fullPage: true });

  // An address on file shows under its label, whole on a line of its own, never broken inside.
  const address = `${uniqueWord().toLowerCase()}.jones@example.org`;
  const jones = await insertRecord({ email: address });
  await search(page, address);
  const onFile = recordRow(page, `${jones.givenName} ${jones.familyName}`).getByRole("cell").filter({ hasText: address });
  await expect(onFile).toContainText("Email on file", { useInnerText: true });
  expect(await linesOf(onFile.getByText(address, { exact: true }))).toBe(1);
  await expectNoSidewaysScroll(page);

  await search(page, record.familyName);
  await row.getByRole("link", { name }).click();
  const form = main(page).getByRole("form", { name: `Correct the record of ${name}` });
  await form.getByRole("textbox", { name: "Given name" }).fill("");
  await form.getByRole("button", { name: "Save the record" }).click();
  await expect(form.getByRole("textbox", { name: "Given name" })).toBeFocused();
  await expect(form.getByRole("textbox", { name: "Given name" })).toHaveAccessibleDescription("Enter the given name.");
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/admin-register-record-375.png", fullPage: true });
  await context.close();

  const plain = await createTestMember("admin-register-plain");
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signInOverHttp(memberPage, { email: plain.email, password: plain.password });
  await memberPage.goto(`/admin/membership/records/${record.id}`);
  await expect(memberPage.getByRole("heading", { level: 1, name: "Not available to your account" })).toBeVisible();
  await expect(main(memberPage).getByRole("alert")).toContainText("membership:read");
  await expect(memberPage.getByText(record.familyName)).toHaveCount(0);
  await memberContext.close();
});

test("invite everyone a search finds without an account, after a confirmation; the ones without an address are counted", async ({ page }) => {
  const staff = await createStaffMember("admin-register-invite");
  const familyName = `Inv${uniqueWord().toLowerCase()}`;
  const withAddress = await insertRecord({ familyName, email: `${uniqueWord().toLowerCase()}@example.org` });
  await insertRecord({ familyName });
  await signInOverHttp(page, { email: staff.email, password: staff.password, totpSecret: DEMO_TOTP_SECRET });
  await page.goto("/admin/membership/records");
  await search(page, familyName);
  await expect(register(page).getByRole("row")).toHaveCount(3);
  await main(page).getByRole("button", { name: "Invite the people found" }).click();
  const dialog = page.getByRole("dialog", { name: `Invite everyone found for “${familyName}”?` });
  await expect(dialog).toContainText("no account yet");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/admin-register-invite-1280.png", fullPage: true });
  await dialog.getByRole("button", { name: "Send the invitations" }).click();
  await expect(main(page).getByRole("status").filter({ hasText: "invitation on the way" })).toContainText("1 invitation on the way. 1 person has no email address.");
  expect(await sql(`SELECT email FROM invitation WHERE record_id = $1`, [withAddress.id])).toEqual([{ email: withAddress.email }]);
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/admin-register-invite-375.png", fullPage: true });
});
