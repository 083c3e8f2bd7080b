import { expect, test, type Page } from "@playwright/test";
import { sql } from "../support/database.ts";
import { FAMILY_CODE, birthDateYearsAgo } from "../support/families.ts";
import { createTestMember, uniqueEmail } from "../support/oauth-accounts.ts";
import { latestCodeFor } from "../support/outbox.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll } from "../support/page-checks.ts";
import { signInOverHttp } from "../support/portal.ts";

// The household life cycle on /account/family in Debian's Chromium (issue 17): a parent registers, starts a
// household, adds two children (a wrong birth date is said under its field), changes one and removes
// nothing by accident (the confirmation), and a spouse joins with the code from another browser. The last
// adult is told why they cannot leave. axe and screenshots at 1280 and 375 px.

test.use({ timezoneId: "UTC" });
const main = (page: Page) => page.getByRole("main");
const children = (page: Page) => main(page).getByRole("region", { name: "Children" });

async function addChild(page: Page, given: string, family: string, birthDate: string, notes = "") {
  await children(page).getByRole("button", { name: "Add a child" }).click();
  const form = main(page).getByRole("form", { name: "Add a child" });
  await form.getByRole("textbox", { name: "First name" }).fill(given);
  await form.getByRole("textbox", { name: "Last name" }).fill(family);
  await form.getByLabel("Birth date").fill(birthDate);
  if (notes) await form.getByRole("textbox", { name: /Notes/ }).fill(notes);
  await form.getByRole("button", { name: "Add child" }).click();
  return form;
}

/** A new member through the pages: "Create an account" from the portal's sign-in, the emailed code, back signed in. */
async function registerThroughPortal(page: Page, givenName: string, familyName: string): Promise<{ id: string }> {
  const email = uniqueEmail("household-register");
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "Sign in", exact: true }).click();
  await main(page).getByRole("link", { name: "Create an account" }).click();
  await main(page).getByRole("textbox", { name: "First name" }).fill(givenName);
  await main(page).getByRole("textbox", { name: "Last name" }).fill(familyName);
  await main(page).getByRole("textbox", { name: /Email/ }).fill(email);
  await main(page).getByLabel("Choose a password").fill("a long household password");
  await main(page).getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/register\/verify/);
  await main(page).getByRole("textbox", { name: "6-digit code" }).fill(await latestCodeFor(email));
  await main(page).getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/account$/);
  const [account] = await sql<{ id: string }>(`SELECT id::text AS id FROM account WHERE email = $1`, [email]);
  return account!;
}

test("a parent registers, starts a household, adds two children, and a spouse joins with its code from another browser", async ({ browser }) => {
  const spouse = await createTestMember("household-spouse");
  const parentContext = await browser.newContext({ timezoneId: "UTC" });
  const page = await parentContext.newPage();
  const parent = await registerThroughPortal(page, "Ada", "Okafor");
  await page.goto("/account/family");

  const start = main(page).getByRole("region", { name: "Start a household" });
  await start.getByRole("button", { name: "Start household" }).click();
  await expect(start.getByText("Enter a name for your household")).toBeVisible();
  await expect(start.getByRole("textbox", { name: "Household name" })).toBeFocused();
  await page.keyboard.type("The Okafor household");
  await page.keyboard.press("Enter");
  await expect(main(page).getByRole("heading", { level: 2, name: "The Okafor household" })).toBeVisible();
  await expect(main(page).getByRole("status")).toContainText("The Okafor household is ready.");

  // A birth date that makes an adult is refused under its field; nothing is added.
  const form = await addChild(page, "Ada", "Okafor", await birthDateYearsAgo(20));
  await expect(form.getByText("A child must be under 18.")).toBeVisible();
  await form.getByLabel("Birth date").fill(await birthDateYearsAgo(7));
  await form.getByRole("textbox", { name: /Notes/ }).fill("Peanut allergy");
  await form.getByRole("button", { name: "Add child" }).click();
  await expect(children(page).getByRole("heading", { name: "Ada Okafor" })).toBeVisible();
  await addChild(page, "Ben", "Okafor", await birthDateYearsAgo(3));
  await expect(children(page).getByRole("heading", { name: "Ben Okafor" })).toBeVisible();
  await expect(children(page).getByText("Peanut allergy")).toBeVisible();
  await expect(children(page).getByRole("heading", { name: "Ada Okafor" }).locator("..")).toContainText("(age 7)");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/household-1280.png", fullPage: true });

  // Change Ben's notes.
  await children(page).getByRole("button", { name: "Change details of Ben" }).click();
  const benForm = main(page).getByRole("form", { name: "Details of Ben" });
  await benForm.getByRole("textbox", { name: /Notes/ }).fill("Naps at 1 pm");
  await benForm.getByRole("button", { name: "Save" }).click();
  await expect(children(page).getByText("Naps at 1 pm")).toBeVisible();

  // Remove asks first; Cancel keeps him.
  await children(page).getByRole("button", { name: "Remove Ben" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove Ben from your household?" });
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(children(page).getByRole("heading", { name: "Ben Okafor" })).toBeVisible();

  // The last adult cannot leave while children remain.
  await main(page).getByRole("button", { name: "Leave household" }).click();
  await page.getByRole("dialog", { name: "Leave The Okafor household?" }).getByRole("button", { name: "Leave" }).click();
  await expect(main(page).getByRole("region", { name: "Leave this household" }).getByRole("alert")).toContainText("You are the household’s last adult");

  // The spouse joins from another browser with the code the page shows.
  const code = (await main(page).getByRole("region", { name: "Family code" }).getByText(FAMILY_CODE).textContent())!.trim();
  const spouseContext = await browser.newContext({ timezoneId: "UTC" });
  const spousePage = await spouseContext.newPage();
  await signInOverHttp(spousePage, { email: spouse.email, password: spouse.password });
  await spousePage.goto("/account/family");
  await main(spousePage).getByRole("textbox", { name: "Family code" }).fill(code);
  await main(spousePage).getByRole("button", { name: "Join family" }).click();
  await expect(main(spousePage).getByRole("heading", { level: 2, name: "The Okafor household" })).toBeVisible();
  // An adult too: the children and their notes.
  await expect(children(spousePage).getByText("Peanut allergy")).toBeVisible();

  await page.reload();
  await expect(main(page).getByText(`${spouse.givenName} ${spouse.familyName}`)).toBeVisible();
  const [row] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM family_member WHERE family_id = (SELECT family_id FROM family_member WHERE user_id = $1)`, [parent.id]);
  expect(row!.n).toBe(4);
  await spouseContext.close();
  await parentContext.close();
});

test("the household pages fit a 375 px phone: starting one, and its children", async ({ browser }) => {
  const parent = await createTestMember("household-phone");
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, timezoneId: "UTC" });
  const page = await context.newPage();
  await signInOverHttp(page, { email: parent.email, password: parent.password });
  await page.goto("/account/family");
  await expect(main(page).getByRole("region", { name: "Start a household" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/household-start-375.png", fullPage: true });
  await main(page).getByRole("textbox", { name: "Household name" }).fill("The Phone household");
  await main(page).getByRole("button", { name: "Start household" }).click();
  await expect(main(page).getByRole("heading", { level: 2, name: "The Phone household" })).toBeVisible();
  await addChild(page, "Cleo", "Phone", await birthDateYearsAgo(10), "Inhaler in backpack");
  await expect(children(page).getByRole("heading", { name: "Cleo Phone" })).toBeVisible();
  await children(page).getByRole("button", { name: "Add a child" }).click();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/household-375.png", fullPage: true });
  await children(page).getByRole("button", { name: "Cancel" }).click();

  // Who may collect Cleo: her parent by default; grandma added; a stranger who may not.
  await children(page).getByRole("button", { name: "Who may collect Cleo" }).click();
  const panel = children(page).getByRole("form", { name: "Name someone for Cleo" });
  await panel.getByRole("textbox", { name: "Name" }).fill("Rosa Phone");
  await panel.getByRole("textbox", { name: "Relation (optional)" }).fill("Grandmother");
  // Typed as written in the church's country (US by default), shown back so, stored in E.164.
  await panel.getByRole("textbox", { name: "Phone (optional)" }).fill("(415) 555-0123");
  await panel.getByRole("button", { name: "Add to the list" }).click();
  await expect(children(page).getByRole("list", { name: "Others, for Cleo" })).toContainText("Rosa Phone · Grandmother · (415) 555-0123");
  expect(await sql(`SELECT phone FROM pickup_person WHERE name = 'Rosa Phone' AND created_by = $1`, [parent.id])).toEqual([{ phone: "+14155550123" }]);
  await panel.getByRole("combobox", { name: "May they collect the child?" }).selectOption("not_authorized");
  await panel.getByRole("textbox", { name: "Name" }).fill("Jon Doe");
  await panel.getByRole("button", { name: "Add to the list" }).click();
  await expect(children(page).getByRole("list", { name: "Others, for Cleo" }).getByText("May not collect")).toBeVisible();
  await expect(children(page).getByRole("list", { name: "The household’s adults, for Cleo" })).toContainText("May collect");
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/household-pickup-375.png", fullPage: true });
  await context.close();
});

test("a teenager who joins sees the household's adult proposed as guardian and says yes; the adult then guards them", async ({ browser }) => {
  const parent = await createTestMember("household-guard-parent");
  const teen = await createTestMember("household-guard-teen");
  await sql(`UPDATE account SET birth_date = $2 WHERE id = $1`, [teen.id, await birthDateYearsAgo(15)]);
  const parentContext = await browser.newContext({ timezoneId: "UTC" });
  const parentPage = await parentContext.newPage();
  await signInOverHttp(parentPage, { email: parent.email, password: parent.password });
  await parentPage.goto("/account/family");
  await main(parentPage).getByRole("textbox", { name: "Household name" }).fill("The Guard household");
  await main(parentPage).getByRole("button", { name: "Start household" }).click();
  const code = (await main(parentPage).getByRole("region", { name: "Family code" }).getByText(FAMILY_CODE).textContent())!.trim();

  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, timezoneId: "UTC" });
  const page = await context.newPage();
  await signInOverHttp(page, { email: teen.email, password: teen.password });
  await page.goto("/account/family");
  await main(page).getByRole("textbox", { name: "Family code" }).fill(code);
  await main(page).getByRole("button", { name: "Join family" }).click();
  const guardians = main(page).getByRole("region", { name: "Your guardians" });
  const proposal = guardians.getByRole("group", { name: `${parent.givenName} ${parent.familyName} as your guardian` });
  await expect(proposal).toContainText("Only you can say yes.");
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/household-guardian-request-375.png", fullPage: true });
  await proposal.getByRole("button", { name: /^Yes,/ }).focus();
  await page.keyboard.press("Enter");
  await expect(guardians.getByRole("list", { name: "Your guardians" })).toContainText(`${parent.givenName} ${parent.familyName}`);
  await expect(proposal).toHaveCount(0);
  expect(await sql(`SELECT count(*)::int AS n FROM guardianship WHERE guardian_id = $1 AND dependent_id = $2 AND ended_at IS NULL`, [parent.id, teen.id])).toEqual([{ n: 1 }]);
  await context.close();
  await parentContext.close();
});
