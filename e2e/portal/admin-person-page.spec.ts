import { expect, test, type Page } from "@playwright/test";
import { DEMO_TOTP_SECRET } from "../../lib/demo/seed-identity.ts";
import { createStaffMember, uniqueWord } from "../support/admin.ts";
import { createCheckInCampus, createCheckInEvent, createHousehold } from "../support/check-in.ts";
import { sql } from "../support/database.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll, tabTo } from "../support/page-checks.ts";
import { signInOverHttp } from "../support/portal.ts";

// One person, one page (issue 38 item 12), in Debian's Chromium: from a household the office opens a child's
// page, which shows everyone in the household (each a link to their own page), who may and may not collect the
// child, their sign-ups and their check-ins, each linking to the event; the parent's page links back.

test.use({ timezoneId: "UTC" });
const main = (page: Page) => page.getByRole("main");
const section = (page: Page, title: string) => main(page).getByRole("region", { name: title });

test("a child's page: household, who may collect them, sign-ups and attendance, with links both ways", async ({ page }) => {
  const staff = await createStaffMember("person-page", "staff");
  const home = await createHousehold(`person-page-${uniqueWord()}`, 1);
  const child = home.kids[0]!;
  const childName = `${child.givenName} ${child.familyName}`;
  const [mum] = await sql<{ name: string }>(`SELECT given_name || ' ' || family_name AS name FROM account WHERE id = $1`, [home.mum.id]);
  const [dad] = await sql<{ name: string }>(`SELECT given_name || ' ' || family_name AS name FROM account WHERE id = $1`, [home.dad.id]);
  await sql(`UPDATE family SET name = $2 WHERE id = $1`, [home.familyId, `The ${child.familyName} household`]);
  await sql(`INSERT INTO pickup_person (child_id, kind, name, relation, phone) VALUES ($1, 'authorized', 'Grandma Rose', 'Grandmother', '+12025550143')`, [child.id]);
  const campus = await createCheckInCampus();
  const coming = await createCheckInEvent(campus, { startsInMinutes: 60 * 24 * 3, title: `Family picnic ${uniqueWord()}` });
  const today = await createCheckInEvent(campus, { startsInMinutes: -30, title: `Kids church ${uniqueWord()}` });
  await sql(`INSERT INTO event_registration (event_id, person_id, registered_by, status) VALUES ($1, $2, $3, 'registered')`, [coming.id, child.id, home.mum.id]);
  await sql(
    `INSERT INTO check_in (event_id, person_id, family_id, dropped_off_by, method, security_code, service_date) VALUES ($1, $2, $3, $4, 'staff', 'KQ7P', to_char(now(), 'YYYY-MM-DD'))`,
    [today.id, child.id, home.familyId, home.mum.id],
  );

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInOverHttp(page, { email: staff.email, password: staff.password, totpSecret: DEMO_TOTP_SECRET });
  await page.goto(`/admin/households/${home.familyId}`);
  const childLink = main(page).getByRole("link", { name: childName, exact: true });
  await tabTo(page, childLink);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/admin/people/${child.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: childName })).toBeVisible();

  const household = section(page, "Household");
  await expect(household).toContainText(`A child of The ${child.familyName} household`);
  await expect(household.getByRole("link", { name: mum!.name, exact: true })).toHaveAttribute("href", `/admin/people/${home.mum.id}`);
  await expect(household.getByText(`${childName} (this person)`)).toBeVisible();
  await expect(household.getByRole("link", { name: `Open the household The ${child.familyName} household` })).toHaveAttribute("href", `/admin/households/${home.familyId}`);

  const pickup = section(page, "Who may collect them");
  const rowOf = (name: string) => pickup.getByRole("listitem").filter({ hasText: name });
  await expect(rowOf(mum!.name)).toContainText("may collect");
  await expect(rowOf(dad!.name)).toContainText("May NOT collect");
  await expect(rowOf("Grandma Rose")).toContainText("(Grandmother)");
  await expect(rowOf("Grandma Rose")).toContainText("(202) 555-0143");

  const signUps = section(page, "Sign-ups");
  await expect(signUps.getByRole("link", { name: coming.title })).toHaveAttribute("href", `/admin/events/${coming.id}`);
  await expect(signUps.getByRole("listitem").filter({ hasText: coming.title })).toContainText("Signed up");

  const attendance = section(page, "Attendance");
  await expect(attendance.getByRole("link", { name: today.title })).toHaveAttribute("href", `/admin/events/${today.id}/attendance`);
  await expect(attendance).toContainText("Label KQ7P");
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/admin-person-child-1280.png", fullPage: true });

  // The parent's page, reached from the child's: no pickup list of their own, and the child links back.
  await household.getByRole("link", { name: mum!.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/people/${home.mum.id}$`));
  await expect(section(page, "Household")).toContainText("An adult of");
  await expect(section(page, "Household").getByRole("link", { name: childName, exact: true })).toHaveAttribute("href", `/admin/people/${child.id}`);
  await expect(main(page).getByRole("region", { name: "Who may collect them" })).toHaveCount(0);
  await expect(section(page, "Sign-ups")).toContainText("No sign-ups.");
  await expect(section(page, "Attendance")).toContainText("Never checked in.");

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/admin/people/${child.id}`);
  await expect(section(page, "Attendance")).toContainText("Label KQ7P");
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/admin-person-child-375.png", fullPage: true });
});
