import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { DEMO_TOTP_SECRET } from "../../lib/demo/seed-identity.ts";
import { createStaffMember, staffWithToken } from "../support/admin.ts";
import { createCheckInCampus, createCheckInEvent, createHousehold, enrolledKiosk } from "../support/check-in.ts";
import { sql } from "../support/database.ts";
import { callApi } from "../support/identity-api.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll, tabTo } from "../support/page-checks.ts";
import { signInOverHttp } from "../support/portal.ts";

// Staff › an event's live attendance in Debian's Chromium (issue 19, docs/decisions/0023): who is here now
// against capacity, a child still in marked with their code, a member checked in by hand, a child checked out
// and a check-in undone (each confirmed, with the keyboard), the event's CSV, and a check-in and a kiosk's alert
// made elsewhere showing up on their own. Axe; screenshots at 1280 and 375 px.

test.use({ timezoneId: "UTC" });
const main = (page: Page) => page.getByRole("main");
const attendancePath = (eventId: string) => `/admin/events/${eventId}/attendance`;

/** A confirmation dialog: Cancel has focus first; Tab to the button and Enter confirms it. */
async function confirmIn(page: Page, title: string, button: string) {
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel", exact: true })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: button, exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
}

async function checkInByApi(token: string, eventId: string, personId: string): Promise<{ id: string; security_code: string | null }> {
  const answer = await callApi("POST", `/api/v1/admin/events/${eventId}/check-ins`, token, { body: { person_id: personId } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as { id: string; security_code: string | null };
}

test("counts, a child still in, a member checked in by hand, check-out and undo confirmed, the event's CSV", async ({ page }) => {
  const staff = await createStaffMember("attendance-page");
  const api = await staffWithToken("attendance-page-api");
  const campus = await createCheckInCampus();
  const event = await createCheckInEvent(campus, { capacity: 10 });
  const home = await createHousehold("attendance-page", 1);
  const kid = home.kids[0]!;
  const walkIn = await createTestMember("attendance-walk-in");
  const kidIn = await checkInByApi(api.token, event.id, kid.id);
  expect(kidIn.security_code).toMatch(/^[A-Z0-9]{4}$/);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInOverHttp(page, { email: staff.email, password: staff.password, totpSecret: DEMO_TOTP_SECRET });
  await page.goto(attendancePath(event.id));
  await expect(page.getByRole("heading", { level: 1, name: "Attendance" })).toBeVisible();
  await expect(main(page).getByRole("heading", { level: 2, name: event.title })).toBeVisible();
  const counts = main(page).getByRole("list", { name: "Counts" });
  await expect(counts).toContainText("1 here now · room for 9 more (capacity 10)");
  await expect(counts).toContainText("1 child still checked in");
  const people = main(page).getByRole("region", { name: "Checked in" });
  const kidCard = people.getByRole("article", { name: new RegExp(`^Kid1 ${kid.familyName}`) });
  await expect(kidCard.getByRole("heading")).toContainText(`Child in · ${kidIn.security_code}`);
  await expectNoAxeViolations(page);

  // A member without their phone, found by email and checked in by hand.
  const manual = main(page).getByRole("region", { name: "Check someone in by hand" });
  await manual.getByRole("searchbox", { name: "Find a member" }).fill(walkIn.email);
  await manual.getByRole("searchbox", { name: "Find a member" }).press("Enter");
  const checkInButton = manual.getByRole("button", { name: `Check in ${walkIn.givenName} ${walkIn.familyName}` });
  await tabTo(page, checkInButton);
  await page.keyboard.press("Enter");
  await expect(manual.getByRole("status").filter({ hasText: "is checked in" })).toHaveText(`${walkIn.givenName} ${walkIn.familyName} is checked in.`);
  await expect(counts).toContainText("2 here now · room for 8 more (capacity 10)");
  const walkInCard = people.getByRole("article", { name: new RegExp(`^${walkIn.givenName} ${walkIn.familyName}`) });
  await expect(walkInCard).toContainText("(staff)");
  await page.screenshot({ path: "test-results/screens/admin-attendance-1280.png", fullPage: true });

  // The child collected: check-out, confirmed with the keyboard.
  await tabTo(page, kidCard.getByRole("button", { name: "Check out" }), 80);
  await page.keyboard.press("Enter");
  await confirmIn(page, "Check out?", "Check out");
  await expect(kidCard.getByRole("heading")).toContainText("Gone");
  await expect(counts).toContainText("0 children still checked in");
  expect(await sql(`SELECT check_out_method FROM check_in WHERE id = $1`, [kidIn.id])).toEqual([{ check_out_method: "staff" }]);

  // The walk-in was a mistake: undone, gone from the list and the counts.
  await walkInCard.getByRole("button", { name: "Undo check-in" }).focus();
  await page.keyboard.press("Enter");
  await confirmIn(page, "Undo this check-in?", "Undo check-in");
  await expect(walkInCard).toHaveCount(0);
  await expect(counts).toContainText("0 here now · room for 10 more (capacity 10)");
  await expect(main(page).getByRole("status").first()).toHaveText(`${walkIn.givenName} ${walkIn.familyName}’s check-in was undone.`);

  // The event's CSV.
  const downloading = page.waitForEvent("download");
  await main(page).getByRole("button", { name: "Download this event (CSV)" }).click();
  const download = await downloading;
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv).toContain(kid.familyName);
  expect(csv).toContain(event.id);
  await expectNoAxeViolations(page);
});

test("on a 375 px phone: a check-in and a kiosk's alert made elsewhere show up on their own; nothing sideways", async ({ browser }) => {
  const staff = await createStaffMember("attendance-phone");
  const api = await staffWithToken("attendance-phone-api");
  const campus = await createCheckInCampus();
  const event = await createCheckInEvent(campus, { capacity: 3, title: `Toddlers ${Date.now().toString(36)}` });
  const home = await createHousehold("attendance-phone", 2);
  const [first, second] = home.kids;
  const firstIn = await checkInByApi(api.token, event.id, first!.id);

  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, timezoneId: "UTC", hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await signInOverHttp(page, { email: staff.email, password: staff.password, totpSecret: DEMO_TOTP_SECRET });
  await page.goto(attendancePath(event.id));
  const counts = main(page).getByRole("list", { name: "Counts" });
  await expect(counts).toContainText("1 here now · room for 2 more (capacity 3)");
  await expect(main(page)).toContainText(`Child in · ${firstIn.security_code}`);

  // Checked in elsewhere after the page was opened: the page reads it again on its own (every 10 seconds).
  const secondIn = await checkInByApi(api.token, event.id, second!.id);
  await expect(main(page)).toContainText(`Child in · ${secondIn.security_code}`);
  await expect(counts).toContainText("2 here now · room for 1 more (capacity 3)");
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/admin-attendance-375.png", fullPage: true });

  // A stranger at a lobby tablet scans a tag the kiosk never printed: staff see it on their own, in words, with the tablet.
  const alerts = main(page).getByRole("region", { name: "Kiosk alerts" });
  await expect(alerts).toContainText("No alerts from the kiosks today.");
  const kiosk = await enrolledKiosk(campus);
  expect((await callApi("POST", "/api/v1/kiosk/pickups", kiosk.token, { body: { pickup_tag: `PICKUP-${"A".repeat(16)}` } })).status).toBe(400);
  await expect(alerts.getByRole("list", { name: "Kiosk alerts" })).toContainText("A pickup tag that was not printed here was scanned.");
  await expect(alerts).toContainText("Lobby check-in, the tablet set up");
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/admin-attendance-alerts-375.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: "test-results/screens/admin-attendance-alerts-1280.png", fullPage: true });
  await context.close();
});
