import { expect, test, type Page } from "@playwright/test";
import { sql } from "../support/database.ts";
import { FAMILY_CODE, birthDateYearsAgo, createFamily, setBirthDate } from "../support/families.ts";
import { createTestMember, type TestMember } from "../support/oauth-accounts.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll, tabTo } from "../support/page-checks.ts";
import { signInOverHttp } from "../support/portal.ts";

// /account/family in Debian's Chromium: an adult replaces the family code through a confirmation and
// reads it off the page; a teenager signs in elsewhere, joins with that code using only the keyboard, and
// sees the family as a child (without the code). Each test makes its own household.

const FAMILY_PATH = "/account/family";

test.use({ timezoneId: "UTC" });

const main = (page: Page) => page.getByRole("main");
const codeSection = (page: Page) => main(page).getByRole("region", { name: "Family code" });

async function openFamilyPage(page: Page) {
  await page.goto(FAMILY_PATH);
  await expect(page.getByRole("heading", { level: 1, name: "Your family" })).toBeVisible();
}

async function householdWithAdult(label: string): Promise<{ adult: TestMember; familyId: string; name: string }> {
  const adult = await createTestMember(`${label}-adult`);
  const name = `The ${label} family`;
  const familyId = await createFamily({ adults: [adult] }, name);
  return { adult, familyId, name };
}

test("an adult makes a new code through a confirmation; a teenager joins with it using the keyboard and sees the family as a child", async ({ browser }) => {
  const { adult, familyId, name } = await householdWithAdult("portal-join");
  const teen = await createTestMember("portal-join-teen");
  await setBirthDate(teen.id, await birthDateYearsAgo(14));

  // The adult: Family in the account navigation, the family and its code panel.
  const adultContext = await browser.newContext({ timezoneId: "UTC" });
  const adultPage = await adultContext.newPage();
  await signInOverHttp(adultPage, { email: adult.email, password: adult.password });
  const nav = adultPage.getByRole("navigation", { name: "Account" });
  await nav.getByRole("link", { name: "Family" }).click();
  await expect(adultPage).toHaveURL(new RegExp(`${FAMILY_PATH}$`));
  await expect(nav.getByRole("link", { name: "Family" })).toHaveAttribute("aria-current", "page");
  await expect(adultPage).toHaveTitle(/^Family · /);
  await expect(main(adultPage).getByRole("heading", { level: 2, name })).toBeVisible();
  await expect(main(adultPage).getByText("You are an adult in this family. 1 member.")).toBeVisible();
  // Set up by staff (here: by the test, straight in the database), it has no code to show yet.
  await expect(codeSection(adultPage).getByText("Your family has no code to share yet. Make one to let someone join.")).toBeVisible();
  await expectNoAxeViolations(adultPage);

  // Keyboard: the button opens the confirmation on Cancel; Tab, Enter makes the new code.
  const makeNew = codeSection(adultPage).getByRole("button", { name: "Make a new code" });
  await tabTo(adultPage, makeNew);
  await adultPage.keyboard.press("Enter");
  const dialog = adultPage.getByRole("dialog", { name: "Make a new family code?" });
  await expect(dialog).toContainText("The current code stops working at once.");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectNoAxeViolations(adultPage);
  await adultPage.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Make a new code" })).toBeFocused();
  await adultPage.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(makeNew).toBeFocused();

  const shown = (await codeSection(adultPage).getByText(FAMILY_CODE).textContent())!.trim();
  expect(shown).toMatch(FAMILY_CODE);
  await expect(main(adultPage).getByRole("status")).toHaveText(`Your new family code is ${shown}. The old code no longer works.`);
  const [row] = await sql<{ code_expires_at: Date }>(`SELECT code_expires_at FROM family WHERE id = $1`, [familyId]);
  const until = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(row!.code_expires_at);
  await expect(codeSection(adultPage).getByText(`Works until ${until}, for 10 more people.`)).toBeVisible();

  // The teenager, in their own browser: the join form, keyboard only.
  const teenContext = await browser.newContext({ timezoneId: "UTC" });
  const page = await teenContext.newPage();
  await signInOverHttp(page, { email: teen.email, password: teen.password });
  await openFamilyPage(page);
  await expect(main(page).getByRole("heading", { level: 2, name: "Join your family" })).toBeVisible();
  await expectNoAxeViolations(page);
  const field = main(page).getByRole("textbox", { name: "Family code" });
  await tabTo(page, field);

  // A typo is explained before anything is sent; a well-formed wrong code is refused by the service.
  await page.keyboard.type("hello");
  await page.keyboard.press("Enter");
  await expect(main(page).getByText("Enter the 10-letter code, like K7QM2-XR9DW.")).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await field.fill("ZZZZZ-ZZZZZ");
  await page.keyboard.press("Enter");
  await expect(main(page).getByText("That code didn’t work. Check it with an adult in your family", { exact: false })).toBeVisible();
  await expect(field).toBeFocused();
  expect(await sql(`SELECT 1 FROM family_member WHERE user_id = $1`, [teen.id])).toEqual([]);

  // The real code, typed in lower case without the dash.
  await field.fill(shown.toLowerCase().replace("-", ""));
  await page.keyboard.press("Enter");
  await expect(main(page).getByRole("status")).toHaveText("You joined your family.");
  const familyHeading = main(page).getByRole("heading", { level: 2, name });
  await expect(familyHeading).toBeFocused();
  await expect(main(page).getByText("You are a child in this family. 2 members.")).toBeVisible();
  const members = main(page).getByRole("region", { name }).getByRole("listitem");
  await expect(members).toHaveText([`${adult.givenName} ${adult.familyName}Adult`, `${teen.givenName} ${teen.familyName} (you)Child`]);
  // A child does not see the code.
  await expect(codeSection(page)).toHaveCount(0);
  await expect(main(page)).not.toContainText(shown);
  await expect(main(page).getByText("An adult in your family can share the family code with new members.")).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await sql(`SELECT family_id, role FROM family_member WHERE user_id = $1`, [teen.id])).toEqual([{ family_id: familyId, role: "child" }]);

  // Reloaded, the adult sees the new member and one use fewer.
  await adultPage.reload();
  await expect(codeSection(adultPage).getByText(`Works until ${until}, for 9 more people.`)).toBeVisible();
  await expect(main(adultPage).getByRole("region", { name }).getByRole("listitem")).toHaveCount(2);
  await adultContext.close();
  await teenContext.close();
});

test("an expired code says so to the adult; the family page fits a 375 px phone in both views", async ({ browser }) => {
  const { adult, familyId } = await householdWithAdult("portal-narrow");
  const loner = await createTestMember("portal-narrow-loner");

  for (const [who, view] of [
    [adult, "family"],
    [loner, "join"],
  ] as const) {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, timezoneId: "UTC" });
    const page = await context.newPage();
    await signInOverHttp(page, { email: who.email, password: who.password });
    await openFamilyPage(page);
    if (view === "family") {
      // A code made on the page, then expired (the clock moved in the database).
      await codeSection(page).getByRole("button", { name: "Make a new code" }).click();
      await page.getByRole("dialog", { name: "Make a new family code?" }).getByRole("button", { name: "Make a new code" }).click();
      await expect(codeSection(page).getByText("Works until", { exact: false })).toBeVisible();
      await sql(`UPDATE family SET code_expires_at = now() - interval '1 minute' WHERE id = $1`, [familyId]);
      await page.reload();
      await expect(codeSection(page).getByText("This code has expired. Make a new one to let someone join.")).toBeVisible();
      await expect(codeSection(page).getByText(FAMILY_CODE)).toBeVisible();
    } else {
      await expect(main(page).getByRole("textbox", { name: "Family code" })).toBeVisible();
    }
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await context.close();
  }
});
