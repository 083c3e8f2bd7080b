import { randomBytes, randomInt } from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { createCheckInCampus, createCheckInEvent, createHousehold, memberCode } from "../support/check-in.ts";
import { sql } from "../support/database.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll, printedPageSizesMm, tabTo } from "../support/page-checks.ts";

// /kiosk in Debian's Chromium: a lobby tablet enrolled through the device flow (a volunteer allows it on
// their phone at /device), a guardian's member code scanned, two children checked in with the keyboard
// only, both codes on screen and on the print labels (notes on the child's label only), then pickup: a
// wrong code refused, a not-authorized adult refused in words, the right code and an authorized adult
// accepted. axe, and screenshots at 1280 and 375 px and of the labels in print.

const CODE = /^[ACDEFGHJKMNPQRTUVWXY3479]{4}$/;

/**
 * The tablet asks to be set up and shows the code, the link and its QR; a `kiosk`-role volunteer allows it
 * from their phone at /device. Answers the kiosk client's id. With `look`, axe and a screenshot of the
 * set-up screens.
 */
async function enrolThisTablet(page: Page, browser: Browser, campusId: string, look = false): Promise<string> {
  const clientId = `kiosk-${randomBytes(5).toString("hex")}`;
  await sql(
    `INSERT INTO client (id, name, type, redirect_uris, post_logout_redirect_uris, grant_types, scopes, first_party, check_in_campus_id)
     VALUES ($1, 'Lobby check-in', 'public', '{}', '{}', ARRAY['urn:ietf:params:oauth:grant-type:device_code', 'refresh_token'], ARRAY['openid', 'check-in:kiosk'], true, $2)`,
    [clientId, campusId],
  );
  const volunteer = await createTestMember("kiosk-page-volunteer");
  await sql(`INSERT INTO user_role (user_id, role_id) SELECT $1, id FROM role WHERE name = 'kiosk'`, [volunteer.id]);

  await page.goto(`/kiosk?client=${clientId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Set up this check-in kiosk" })).toBeVisible();
  if (look) await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Set up this kiosk" }).press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Allow this kiosk from your phone" })).toBeVisible();
  await expect(page.getByRole("img", { name: "QR code of the link to allow this kiosk" })).toBeVisible();
  const userCode = (await page.locator(".kiosk__user-code").textContent())!.trim();
  if (look) {
    await expectNoAxeViolations(page);
    await page.screenshot({ path: "test-results/screens/kiosk-enrol-1280.png", fullPage: true });
  }
  expect(await page.evaluate(() => document.cookie)).not.toMatch(/kiosk/);

  // The volunteer, on their own phone, follows the link and allows it.
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const volunteerPage = await phone.newPage();
  await volunteerPage.goto(`/device?user_code=${encodeURIComponent(userCode)}`);
  await volunteerPage.locator('input[name="email"]').fill(volunteer.email);
  await volunteerPage.locator('input[name="password"]').fill(volunteer.password);
  await volunteerPage.locator('input[name="password"]').press("Enter");
  await expect(volunteerPage.getByRole("textbox", { name: "Code" })).toHaveValue(userCode);
  await volunteerPage.getByRole("textbox", { name: "Code" }).press("Enter");
  await volunteerPage.getByRole("button", { name: "Allow" }).click();
  await expect(volunteerPage.getByRole("heading", { level: 1, name: "The device is signed in" })).toBeVisible();
  await phone.close();

  // The tablet notices by itself and becomes the kiosk of its campus.
  await expect(page.getByRole("heading", { level: 1, name: "Check in" })).toBeVisible({ timeout: 20_000 });
  return clientId;
}

test("enrol a kiosk by the device flow, check two children in by keyboard, print their labels, and pick them up", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const campusId = await createCheckInCampus();
  const event = await createCheckInEvent(campusId, { title: `Kids church ${randomBytes(2).toString("hex")}` });
  await enrolThisTablet(page, browser, campusId, true);
  const { mum, dad, kids } = await createHousehold("kiosk-page");
  await sql(`UPDATE family_member SET notes = 'Peanut allergy' WHERE user_id = $1`, [kids[0]!.id]);

  const eventChoice = page.getByRole("group", { name: "Events open for check-in" }).getByRole("button", { name: new RegExp(event.title) });
  await expect(eventChoice).toHaveAttribute("aria-pressed", "true");
  const scan = page.getByRole("textbox", { name: /Scan your member code/ });
  await expect(scan).toBeFocused();
  await expectNoAxeViolations(page);

  // Keyboard only: the scanner types the code and presses Enter; Tab and Enter do the rest.
  await page.keyboard.insertText(await memberCode(mum));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "Who is checking in?" })).toBeFocused();
  const children = page.getByRole("group", { name: "Children" });
  for (const kid of kids) {
    const toggle = children.getByRole("button", { name: kid.givenName });
    await tabTo(page, toggle);
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
  }
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/kiosk-household-1280.png", fullPage: true });
  await tabTo(page, page.getByRole("button", { name: `Check in 2 children to ${event.title}` }));
  await page.keyboard.press("Enter");

  await expect(page.getByRole("heading", { level: 2, name: "Checked in" })).toBeFocused();
  const codes = page.getByRole("list", { name: "Security codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(2);
  const codeOf: Record<string, string> = {};
  for (const kid of kids) {
    const code = (await codes.filter({ hasText: kid.givenName }).locator(".kiosk__code").textContent())!.trim();
    expect(code).toMatch(CODE);
    codeOf[kid.givenName] = code;
  }
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/kiosk-codes-1280.png", fullPage: true });
  await page.setViewportSize({ width: 375, height: 740 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/kiosk-codes-375.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The labels: one per child (name, event, code, the child's notes) and the pickup tag (codes only).
  await page.emulateMedia({ media: "print" });
  await expect(page.locator(".kiosk__screen")).toBeHidden();
  const labels = page.locator(".kiosk-label");
  await expect(labels).toHaveCount(3);
  await expect(labels.nth(0)).toHaveText(new RegExp(`${kids[0]!.givenName}.*${event.title}.*${codeOf[kids[0]!.givenName]}.*Peanut allergy`));
  await expect(labels.nth(1)).toHaveText(new RegExp(`${kids[1]!.givenName}.*${event.title}.*${codeOf[kids[1]!.givenName]}`));
  await expect(labels.nth(1)).not.toContainText("Peanut");
  await expect(labels.nth(2)).toContainText(codeOf[kids[0]!.givenName]!);
  await expect(labels.nth(2)).toContainText(codeOf[kids[1]!.givenName]!);
  await expect(labels.nth(2)).not.toContainText("Peanut");
  await expect(labels.nth(2)).not.toContainText(kids[0]!.givenName);
  await page.screenshot({ path: "test-results/screens/kiosk-labels-print.png", fullPage: true });
  // Printed, they are three 62 × 29 mm labels, one to a page.
  expect(await printedPageSizesMm(page)).toEqual([[62, 29], [62, 29], [62, 29]]);
  await page.emulateMedia({ media: "screen" });

  // Pickup: a wrong code is refused, the right one accepted.
  await page.getByRole("button", { name: "Done" }).press("Enter");
  await page.getByRole("button", { name: "Pick up", exact: true }).press("Enter");
  const pickup = page.getByRole("textbox", { name: /pickup tag’s code/ });
  // Kid2 by the pickup tag's code (Kid1's code is no use for Kid2's pickup on another tag: any wrong code).
  const right = codeOf[kids[1]!.givenName]!;
  const wrong = ["ACDE", "ACDF", "ACDH"].find((code) => !Object.values(codeOf).includes(code))!;
  await pickup.fill(wrong);
  await pickup.press("Enter");
  await expect(page.locator(".kiosk__alert")).toContainText("That code does not match a child checked in to this event today");
  await pickup.fill(right.toLowerCase());
  await pickup.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: `${kids[1]!.givenName} is checked out` })).toBeVisible();

  // Dad is marked not authorized for Kid1: refused in words for the volunteer; Mum is authorized.
  await pickup.fill(await memberCode(dad));
  await pickup.press("Enter");
  await page.getByRole("button", { name: `Check out ${kids[0]!.givenName}` }).click();
  await expect(page.locator(".kiosk__alert")).toContainText(`NOT authorized to collect ${kids[0]!.givenName}`);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/kiosk-refused-1280.png", fullPage: true });
  await page.setViewportSize({ width: 375, height: 740 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/kiosk-refused-375.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await pickup.fill(await memberCode(mum));
  await pickup.press("Enter");
  await page.getByRole("button", { name: `Check out ${kids[0]!.givenName}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `${kids[0]!.givenName} is checked out` })).toBeVisible();

  const rows = await sql<{ check_out_method: string | null }>(`SELECT check_out_method FROM check_in WHERE event_id = $1 ORDER BY check_out_method`, [event.id]);
  expect(rows.map((row) => row.check_out_method)).toEqual(["adult", "code"]);
});

test("a phone's last four digits offer the households by first names, a child is picked up after the event ended, and signing out revokes the kiosk", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const campusId = await createCheckInCampus();
  const open = await createCheckInEvent(campusId, { title: `Youth night ${randomBytes(2).toString("hex")}` });
  const ended = await createCheckInEvent(campusId, { title: `Early service ${randomBytes(2).toString("hex")}`, startsInMinutes: -70, minutes: 60 });
  const first = await createHousehold("kiosk-phone-a", 1);
  const second = await createHousehold("kiosk-phone-b", 1);
  await sql(`UPDATE account SET given_name = 'Amara' WHERE id = $1`, [first.kids[0]!.id]);
  await sql(`UPDATE account SET given_name = 'Bodhi' WHERE id = $1`, [second.kids[0]!.id]);

  // Two households whose verified phones end in the same four digits, which no other account's phone does.
  let digits = "";
  do digits = String(5000 + randomInt(5000));
  while ((await sql(`SELECT 1 FROM account WHERE right(phone, 4) = $1`, [digits])).length > 0);
  await sql(`UPDATE account SET phone = $2, phone_verified_at = now() WHERE id = $1`, [first.mum.id, `+1312555${digits}`]);
  await sql(`UPDATE account SET phone = $2, phone_verified_at = now() WHERE id = $1`, [second.mum.id, `+1773555${digits}`]);

  // Bodhi was checked in to the early service, which has ended; his pickup tag reads this code.
  const [family] = await sql<{ family_id: string }>(`SELECT family_id FROM family_member WHERE user_id = $1`, [second.kids[0]!.id]);
  await sql(
    `INSERT INTO check_in (event_id, person_id, family_id, dropped_off_by, method, security_code, service_date, checked_in_at)
     SELECT e.id, $2, $3, $4, 'staff', 'KQ7P', to_char(now() AT TIME ZONE e.timezone, 'YYYY-MM-DD'), e.start_at FROM event e WHERE e.id = $1`,
    [ended.id, second.kids[0]!.id, family!.family_id, second.mum.id],
  );

  const clientId = await enrolThisTablet(page, browser, campusId);
  const events = page.getByRole("group", { name: "Events open for check-in" });
  await expect(events.getByRole("button")).toHaveCount(1);
  await expect(events.getByRole("button", { name: new RegExp(open.title) })).toHaveAttribute("aria-pressed", "true");

  // Digits, not a scan: only first names, and the parent picks their own household.
  await page.getByRole("textbox", { name: /Scan your member code/ }).fill(digits);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "Which household is yours?" })).toBeFocused();
  const households = page.getByRole("group", { name: "Households" }).getByRole("button");
  await expect(households).toHaveCount(2);
  for (const text of await households.allTextContents()) {
    for (const person of [first.mum, second.mum, first.kids[0]!, second.kids[0]!]) expect(text).not.toContain(person.familyName);
  }
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/kiosk-households-1280.png", fullPage: true });
  await page.setViewportSize({ width: 375, height: 740 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/kiosk-households-375.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await tabTo(page, households.filter({ hasText: "Amara" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "Who is checking in?" })).toBeFocused();
  // A phone search names no one: the parent says who drops off.
  await page.getByRole("group", { name: "Dropping off" }).getByRole("button").first().click();
  await page.getByRole("group", { name: "Children" }).getByRole("button", { name: "Amara" }).click();
  await page.getByRole("button", { name: `Check in 1 child to ${open.title}` }).click();
  await expect(page.getByRole("list", { name: "Security codes" }).getByRole("listitem")).toHaveCount(1);
  await page.getByRole("button", { name: "Done" }).click();

  // Pickup lists the ended event too, and its tag's code collects Bodhi.
  await page.getByRole("button", { name: "Pick up", exact: true }).click();
  const pickFrom = page.getByRole("group", { name: "Events to pick up from" });
  await expect(pickFrom.getByRole("button")).toHaveCount(2);
  await pickFrom.getByRole("button", { name: new RegExp(`${ended.title}.*ended, 1 still here`) }).click();
  await page.getByRole("textbox", { name: /pickup tag’s code/ }).fill("kq7p");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Bodhi is checked out" })).toBeVisible();

  // Signing out ends the kiosk's grant at the issuer, not only on this tablet.
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Sign this kiosk out" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Set up this check-in kiosk" })).toBeVisible();
  const grants = await sql<{ revoked: boolean }>(`SELECT revoked_at IS NOT NULL AS revoked FROM oauth_grant WHERE client_id = $1`, [clientId]);
  expect(grants.map((grant) => grant.revoked)).toEqual([true]);
});
