import { expect, test, type Page } from "@playwright/test";
import { DEMO_TOTP_SECRET } from "../../lib/demo/seed-identity.ts";
import { createStaffMember, uniqueWord, type StaffRole } from "../support/admin.ts";
import { securityEvents, uniquePhone } from "../support/contacts.ts";
import { sql } from "../support/database.ts";
import { createFamily, roleNames } from "../support/families.ts";
import { insertRecord } from "../support/membership.ts";
import { createTestMember, type TestMember } from "../support/oauth-accounts.ts";
import { portalTokensFor, profileOf } from "../support/oauth-client.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll, tabTo } from "../support/page-checks.ts";
import { signInOverHttp } from "../support/portal.ts";

// Staff › People in Debian's Chromium (issue 17): the office finds a member by phone number or name, opens
// their profile (household, register record, roles, sessions, security activity), signs them out everywhere
// and disables and enables the account, each after a confirmation; an administrator assigns a role, and a
// staff member without roles:write sees no role form. Keyboard only where it matters; axe; 1280 and 375 px.

test.use({ timezoneId: "UTC" });
const main = (page: Page) => page.getByRole("main");

/** A member with a verified phone, a household, a linked register record and a live session of their own. */
async function memberWithProfile(label: string) {
  const member = await createTestMember(label);
  const familyName = `Person${uniqueWord()}`;
  await sql(`UPDATE account SET family_name = $2 WHERE id = $1`, [member.id, familyName]);
  member.familyName = familyName;
  const phone = await uniquePhone();
  await sql(`UPDATE account SET phone = $2, phone_verified_at = now() WHERE id = $1`, [member.id, phone]);
  const partner = await createTestMember(`${label}-partner`);
  const household = `The ${familyName} household`;
  await createFamily({ adults: [member, partner] }, household);
  const record = await insertRecord({ givenName: "Test", familyName });
  await sql(`UPDATE membership_record SET linked_user_id = $2, linked_at = now() WHERE id = $1`, [record.id, member.id]);
  const tokens = await portalTokensFor(member);
  return { member, phone, household, record, name: `Test ${familyName}`, token: tokens.access_token };
}

async function signInAs(page: Page, role: StaffRole, label: string): Promise<TestMember> {
  const staff = await createStaffMember(label, role);
  await signInOverHttp(page, { email: staff.email, password: staff.password, totpSecret: DEMO_TOTP_SECRET });
  return staff;
}

/** Searches the people list with the keyboard: Tab to the search field, type, Enter. */
async function search(page: Page, text: string) {
  const field = main(page).getByRole("searchbox", { name: "Search by name, email or phone" });
  await tabTo(page, field);
  await page.keyboard.type(text);
  await page.keyboard.press("Enter");
}

test("find a member by phone, open the profile, end every session and disable and enable the account, each confirmed; no role form for staff", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const staff = await signInAs(page, "staff", "people-staff");
  const { member, phone, household, record, name, token } = await memberWithProfile("people-journey");
  expect((await profileOf(token)).status).toBe(200);

  await page.goto("/admin/people");
  await expect(page.getByRole("heading", { level: 1, name: "People" })).toBeVisible();
  // As the office types it from a form, and as the page shows it: "(201) 555-0003".
  const written = `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`;
  await search(page, written);
  const row = main(page).getByRole("table", { name: "Members" }).getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell", { name: written, exact: true })).toBeVisible();
  await expect(row).toContainText(member.email);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/admin-people-1280.png", fullPage: true });

  // Open the profile with the keyboard.
  await tabTo(page, row.getByRole("link", { name }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/admin/people/${member.id}$`));
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const section = (title: string) => main(page).getByRole("region", { name: title });
  await expect(section("Account")).toContainText(written);
  await expect(section("Account")).toContainText("Active");
  await expect(section("Household")).toContainText(household);
  await expect(section("Household")).toContainText("Adult");
  await expect(section("Household").getByRole("link", { name: `Open the household ${household}` })).toHaveAttribute("href", new RegExp(`^/admin/households/[0-9a-f-]{36}$`));
  await expect(section("Membership record").getByRole("link", { name: `Open the record of Test ${member.familyName}` })).toHaveAttribute(
    "href",
    `/admin/membership/records/${encodeURIComponent(record.id)}`,
  );
  await expect(section("Roles")).toContainText("Only an administrator can change roles.");
  await expect(section("Roles").getByRole("checkbox")).toHaveCount(0);
  await expect(section("Roles").getByRole("button", { name: "Save roles" })).toHaveCount(0);
  const sessions = section("Where they’re signed in");
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  await expect(section("Security activity")).toContainText("Signed in");
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/admin-person-1280.png", fullPage: true });

  // End all sessions: asked first; Cancel (focused first) changes nothing.
  const endAll = sessions.getByRole("button", { name: "End all sessions" });
  await tabTo(page, endAll);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Sign ${name} out everywhere?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(endAll).toBeFocused();
  expect((await profileOf(token)).status).toBe(200);
  await page.keyboard.press("Enter");
  await dialog.getByRole("button", { name: "End all sessions" }).click();
  await expect(sessions.getByRole("status")).toHaveText(`Signed ${name} out of 1 session.`);
  await expect(sessions).toContainText("Not signed in anywhere.");
  await expect(section("Security activity")).toContainText("Church staff signed you out everywhere (1 session)");
  expect((await profileOf(token)).status).toBe(401);
  expect((await securityEvents(member.id)).find((event) => event.type === "sessions_ended_by_staff")?.detail).toEqual({ by: staff.id, sessions: 1 });

  // Disable, then enable, each confirmed; focus comes back to the one button.
  const account = section("Account");
  await account.getByRole("button", { name: "Disable account" }).click();
  const disable = page.getByRole("dialog", { name: `Disable ${name}’s account?` });
  await disable.getByRole("button", { name: "Disable account" }).click();
  await expect(account.getByRole("status")).toHaveText(`${name}’s account is disabled and signed out everywhere.`);
  await expect(account).toContainText("Disabled since");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Disabled");
  expect((await sql<{ disabled: boolean }>(`SELECT disabled_at IS NOT NULL AS disabled FROM account WHERE id = $1`, [member.id]))[0]?.disabled).toBe(true);
  const enableButton = account.getByRole("button", { name: "Enable account" });
  await expect(enableButton).toBeFocused();
  await page.keyboard.press("Enter");
  await page.getByRole("dialog", { name: `Enable ${name}’s account?` }).getByRole("button", { name: "Enable account" }).click();
  await expect(account.getByRole("status")).toHaveText(`${name} may sign in again.`);
  await expect(account).toContainText("Active");
  await expect(section("Security activity")).toContainText("Account enabled again by church staff");
  expect((await sql<{ disabled: boolean }>(`SELECT disabled_at IS NOT NULL AS disabled FROM account WHERE id = $1`, [member.id]))[0]?.disabled).toBe(false);
  await expectNoAxeViolations(page);
});

test("an administrator assigns a role with the keyboard; taking roles:write from oneself is refused and said", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const admin = await signInAs(page, "admin", "people-admin");
  const { member, name } = await memberWithProfile("people-promoted");

  await page.goto("/admin/people");
  await search(page, name);
  await main(page).getByRole("link", { name }).click();
  const roles = main(page).getByRole("region", { name: "Roles" });
  const staffBox = roles.getByRole("checkbox", { name: "staff" });
  await expect(roles.getByRole("checkbox", { name: "member" })).toBeChecked();
  await expect(staffBox).not.toBeChecked();
  // Guardian is given by guardianships: not offered to someone who does not hold it.
  await expect(roles.getByRole("checkbox", { name: "guardian" })).toHaveCount(0);
  await tabTo(page, staffBox);
  await page.keyboard.press("Space");
  await expect(staffBox).toBeChecked();
  await tabTo(page, roles.getByRole("button", { name: "Save roles" }));
  await page.keyboard.press("Enter");
  await expect(roles.getByRole("status")).toHaveText(`Saved. ${name} now holds: member, staff.`);
  expect(await roleNames(member.id)).toEqual(["member", "staff"]);
  await expect(main(page).getByRole("region", { name: "Security activity" })).toContainText("Your roles were changed by church staff");
  await expectNoAxeViolations(page);

  // The administrator's own profile: unticking admin is refused by the API, and the page says why.
  await page.goto(`/admin/people/${admin.id}`);
  await expect(main(page).getByText("This is your own account.")).toBeVisible();
  const own = main(page).getByRole("region", { name: "Roles" });
  await own.getByRole("checkbox", { name: "admin" }).uncheck();
  await own.getByRole("button", { name: "Save roles" }).click();
  await expect(own.getByRole("alert")).toHaveText(/You cannot take roles:write away from yourself/);
  expect(await roleNames(admin.id)).toContain("admin");
  // Nothing here ends the administrator's own sessions or disables them.
  await expect(main(page).getByRole("button", { name: /Disable account|End all sessions/ })).toHaveCount(0);
});

test("at 375 px: the list and the profile fit, pass axe, and are screenshotted", async ({ browser }) => {
  const { name } = await memberWithProfile("people-narrow");
  const context = await browser.newContext({ viewport: { width: 375, height: 800 }, timezoneId: "UTC" });
  const page = await context.newPage();
  await signInAs(page, "admin", "people-narrow-admin");
  await page.goto("/admin/people");
  await search(page, name);
  await expect(main(page).getByRole("link", { name })).toBeVisible();
  // Each row a block: every value under its column's label.
  const row = main(page).getByRole("table", { name: "Members" }).getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
  await expect(row.getByRole("cell", { name: "member", exact: true })).toContainText("Roles", { useInnerText: true });
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/admin-people-375.png", fullPage: true });
  await main(page).getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(main(page).getByRole("region", { name: "Roles" }).getByRole("checkbox", { name: "member" })).toBeChecked();
  await expect(main(page).getByRole("region", { name: "Where they’re signed in" }).getByRole("listitem")).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/admin-person-375.png", fullPage: true });
  await context.close();
});

test("a search that finds nobody says so; a disabled-only filter narrows the list", async ({ page }) => {
  await signInAs(page, "staff", "people-empty");
  await page.goto("/admin/people");
  await search(page, `nobody ${uniqueWord()}`);
  await expect(main(page).getByText("No one among the people matches this search.")).toBeVisible();
  const disabled = await createTestMember("people-disabled");
  await sql(`UPDATE account SET disabled_at = now() WHERE id = $1`, [disabled.id]);
  await main(page).getByRole("searchbox", { name: "Search by name, email or phone" }).fill(disabled.email);
  await main(page).getByRole("button", { name: "Search", exact: true }).click();
  await expect(main(page).getByRole("link", { name: `Test ${disabled.familyName}` })).toBeVisible();
  await main(page).getByRole("combobox", { name: "Show" }).selectOption("active");
  await expect(main(page).getByText("No one among the active accounts matches this search.")).toBeVisible();
  await main(page).getByRole("combobox", { name: "Show" }).selectOption("disabled");
  await expect(main(page).getByRole("table", { name: "Members" }).getByRole("row").filter({ hasText: "Disabled" })).toHaveCount(1);
});
