import { expect, test } from "@playwright/test";
import { DEMO_TOTP_SECRET } from "../../lib/demo/seed-identity.ts";
import { createStaffMember } from "../support/admin.ts";
import { createCheckInCampus, createCheckInEvent, createHousehold } from "../support/check-in.ts";
import { sql } from "../support/database.ts";
import { callApi } from "../support/identity-api.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { portalTokensFor } from "../support/oauth-client.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll } from "../support/page-checks.ts";
import { signInOverHttp } from "../support/portal.ts";

// Sign-up on an event's page in Debian's Chromium (issue 20, docs/decisions/0024): a visitor sees the places
// left and signs in from there, coming back to the event; a parent signs herself and both children up for
// the last two places (one child goes on the waitlist), cancels one child's place with a confirmation, and
// the other child moves up. Axe; screenshots at 1280 and 375 px.

test.use({ timezoneId: "UTC" });

test("a parent signs her household up on the event's page; a cancelled place goes to the child on the waitlist", async ({ page }) => {
  const event = await createCheckInEvent(await createCheckInCampus(), { title: "Harvest supper", startsInMinutes: 5 * 24 * 60, capacity: 2, modes: ["NONE"] });
  await sql(`UPDATE event SET registration_open = true, registration_waitlist = true WHERE id = $1`, [event.id]);
  const { mum, kids } = await createHousehold("event-sign-up", 2);
  const [slug] = await sql<{ slug: string }>(`SELECT slug FROM event WHERE id = $1`, [event.id]);
  const eventPath = `/calendar/${slug!.slug}`;

  // A visitor: the places left, and a way in that comes back here.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(eventPath);
  const signUp = page.getByRole("region", { name: "Sign up" });
  await expect(signUp).toContainText("2 of 2 places left.");
  await signUp.getByRole("link", { name: "Sign in to sign up" }).click();
  await page.locator('input[name="email"]').fill(mum.email);
  await page.locator('input[name="password"]').fill(mum.password);
  await page.locator('input[name="password"]').press("Enter");
  await expect(page).toHaveURL(new RegExp(`${eventPath}$`));

  const household = signUp.getByRole("list", { name: "Your household" });
  await expect(household.getByRole("listitem")).toHaveCount(3);
  await household.getByRole("checkbox", { name: "Test (you)" }).check();
  await household.getByRole("checkbox", { name: kids[0]!.givenName }).check();
  await household.getByRole("checkbox", { name: kids[1]!.givenName }).check();
  await expectNoAxeViolations(page);
  await signUp.getByRole("button", { name: "Sign up 3 people" }).click();
  await expect(signUp.getByRole("status")).toHaveText(`Signed up: Test, ${kids[0]!.givenName}. On the waitlist: ${kids[1]!.givenName}.`);
  await expect(signUp).toContainText("Full: all 2 places are taken · 1 on the waitlist. You can join the waitlist.");
  await expect(household.getByRole("listitem").filter({ hasText: kids[1]!.givenName })).toContainText("Waitlist · number 1");
  await expectNoAxeViolations(page);
  await signUp.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/screens/event-sign-up-1280.png", fullPage: true });

  // Cancelling asks first; the child on the waitlist takes the place.
  const firstChild = household.getByRole("listitem").filter({ hasText: kids[0]!.givenName });
  await firstChild.getByRole("button", { name: `Cancel ${kids[0]!.givenName}’s place` }).click();
  await expect(firstChild).toContainText(`Cancel ${kids[0]!.givenName}’s place?`);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/event-sign-up-confirm-375.png", fullPage: true });
  await firstChild.getByRole("button", { name: "Yes, cancel" }).click();
  await expect(signUp.getByRole("status")).toHaveText(`${kids[0]!.givenName}’s place is cancelled.`);
  await expect(household.getByRole("listitem").filter({ hasText: kids[1]!.givenName })).toContainText("Signed up");
  await expect(household.getByRole("checkbox", { name: kids[0]!.givenName })).toBeVisible();
  await expect(signUp).toContainText("Full: all 2 places are taken.");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/event-sign-up-375.png", fullPage: true });

  const rows = await sql<{ status: string }>(`SELECT status FROM event_registration WHERE event_id = $1 ORDER BY seq`, [event.id]);
  expect(rows.map((row) => row.status)).toEqual(["registered", "cancelled", "registered"]);
});

test("staff switch sign-up on for an event with a waitlist and see the places and the line", async ({ page }) => {
  const staff = await createStaffMember("sign-up-staff");
  const event = await createCheckInEvent(await createCheckInCampus(), { title: "Men's breakfast", startsInMinutes: 6 * 24 * 60, capacity: 1, modes: ["NONE"] });
  const early = await createTestMember("sign-up-early");
  const late = await createTestMember("sign-up-late");

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInOverHttp(page, { email: staff.email, password: staff.password, totpSecret: DEMO_TOTP_SECRET });
  await page.goto(`/admin/events/${event.id}`);
  const section = page.getByRole("region", { name: "Sign-up" });
  await expect(section.getByRole("checkbox", { name: "Take sign-up on this site" })).not.toBeChecked();
  await section.getByRole("checkbox", { name: "Take sign-up on this site" }).check();
  await section.getByRole("checkbox", { name: "Keep a waitlist when full" }).check();
  await section.getByRole("button", { name: "Save sign-up" }).click();
  await expect(section.getByRole("status").filter({ hasText: "Sign-up is saved and on." })).toBeVisible();

  for (const member of [early, late]) {
    const answer = await callApi("POST", `/api/v1/users/me/events/${event.id}/registration`, (await portalTokensFor(member)).access_token, { body: { person_ids: [member.id] } });
    expect(answer.status).toBe(201);
  }
  await page.reload();
  await expect(section).toContainText("1 of 1 places taken · 1 on the waitlist");
  await expect(section.getByRole("list", { name: "Places" })).toContainText(early.familyName);
  await expect(section.getByRole("list", { name: "Waitlist, first in line first" })).toContainText(`1. Test ${late.familyName}`);
  await expectNoAxeViolations(page);
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/screens/admin-event-sign-up-1280.png", fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/admin-event-sign-up-375.png", fullPage: true });
});
