import { createHash, randomBytes } from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { createCheckInCampus, createCheckInEvent, createHousehold, memberCode } from "../support/check-in.ts";
import { uniquePhone } from "../support/contacts.ts";
import { sql } from "../support/database.ts";
import { latestCodeFor, wrongCode } from "../support/outbox.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll, printedPageSizesMm, tabTo } from "../support/page-checks.ts";

// /kiosk in Debian's Chromium (docs/decisions/0023): a lobby tablet enrolled through the device flow (a
// volunteer allows it on their phone at /device), a guardian's member code scanned, two children checked in
// with the keyboard only, both codes on screen and on the print labels (notes on the child's label only, the
// pickup tag's QR on the tag only), then pickup: a typed code refused, a not-authorized adult refused in words,
// the tag's QR and an authorized adult's code accepted; a parent without their code found by their mobile
// number and the code texted to it. axe, and screenshots at 1280 and 375 px and of the labels in print.

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

test("enrol a kiosk, check two children in by keyboard, print their labels and the pickup tag, and pick them up by the tag's QR and by an adult's code", async ({ page, browser }) => {
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
  // The tablet's answer carries the tag's secret for the printer; the test keeps it to play the scanner later.
  const answer = page.waitForResponse((response) => response.url().endsWith("/kiosk/api/v1/check-ins") && response.request().method() === "POST");
  await page.keyboard.press("Enter");
  const pickupTag = ((await (await answer).json()) as { pickup_tag: string }).pickup_tag;
  expect(pickupTag).toMatch(/^PICKUP-[A-Z2-7]{16}$/);

  await expect(page.getByRole("heading", { level: 2, name: "Checked in" })).toBeFocused();
  const codes = page.getByRole("list", { name: "Security codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(2);
  const codeOf: Record<string, string> = {};
  for (const kid of kids) {
    const code = (await codes.filter({ hasText: kid.givenName }).locator(".kiosk__code").textContent())!.trim();
    expect(code).toMatch(CODE);
    codeOf[kid.givenName] = code;
  }
  // The tag's secret is never on the screen: it is printed once, as a QR code, on the tag alone.
  await expect(page.locator(".kiosk__screen")).not.toContainText(pickupTag.slice(7));
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/kiosk-codes-1280.png", fullPage: true });
  await page.setViewportSize({ width: 375, height: 740 });
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/kiosk-codes-375.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The labels: one per child (name, event, code, the child's notes marked) and the adult's tag (codes and its QR code, no names, no notes).
  await page.emulateMedia({ media: "print" });
  await expect(page.locator(".kiosk__screen")).toBeHidden();
  const labels = page.locator(".kiosk-label");
  await expect(labels).toHaveCount(3);
  await expect(labels.nth(0)).toHaveText(new RegExp(`${kids[0]!.givenName}.*${event.title}.*${codeOf[kids[0]!.givenName]}.*Peanut allergy`));
  await expect(labels.nth(1)).toHaveText(new RegExp(`${kids[1]!.givenName}.*${event.title}.*${codeOf[kids[1]!.givenName]}`));
  await expect(labels.nth(1)).not.toContainText("Peanut");
  for (const child of [labels.nth(0), labels.nth(1)]) await expect(child.locator("img")).toHaveCount(0);
  const tag = labels.nth(2);
  await expect(tag).toContainText("Pickup tag");
  await expect(tag).toContainText(codeOf[kids[0]!.givenName]!);
  await expect(tag).toContainText(codeOf[kids[1]!.givenName]!);
  await expect(tag).not.toContainText("Peanut");
  await expect(tag).not.toContainText(kids[0]!.givenName);
  await expect(tag.locator("img.kiosk-label__qr")).toHaveAttribute("src", /^data:image\/png;base64,/);
  await page.screenshot({ path: "test-results/screens/kiosk-labels-print.png", fullPage: true });
  // Printed, they are three 62 × 29 mm labels, one to a page.
  expect(await printedPageSizesMm(page)).toEqual([[62, 29], [62, 29], [62, 29]]);
  await page.emulateMedia({ media: "screen" });

  // Pickup: the label's code typed by hand releases nobody.
  await page.getByRole("button", { name: "Done" }).press("Enter");
  await page.getByRole("button", { name: "Pick up", exact: true }).press("Enter");
  const pickup = page.getByRole("textbox", { name: /Scan the pickup tag/ });
  await expect(pickup).toBeFocused();
  await pickup.fill(codeOf[kids[1]!.givenName]!.toLowerCase());
  await pickup.press("Enter");
  await expect(page.locator(".kiosk__alert")).toContainText("A code typed by hand cannot release a child");

  // Dad is marked not authorized for Kid1: his code shows only Kid2, and says so of Kid1 in words for the volunteer.
  await pickup.fill(await memberCode(dad));
  await pickup.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "Who is going home?" })).toBeFocused();
  await expect(page.locator(".kiosk__alert")).toContainText(`This adult is marked NOT authorized to collect ${kids[0]!.givenName}`);
  const going = page.getByRole("group", { name: "Children" }).getByRole("button");
  await expect(going).toHaveCount(1);
  await expect(going).toContainText(kids[1]!.givenName);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/kiosk-refused-1280.png", fullPage: true });
  await page.setViewportSize({ width: 375, height: 740 });
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/kiosk-refused-375.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("button", { name: "Cancel" }).click();

  // The tag's QR, scanned: both children, each with their label's code to compare; Kid2 alone goes home now.
  await pickup.focus();
  await page.keyboard.insertText(pickupTag);
  await page.keyboard.press("Enter");
  await expect(going).toHaveCount(2);
  for (const kid of kids) await expect(going.filter({ hasText: kid.givenName })).toContainText(`label ${codeOf[kid.givenName]}`);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/kiosk-pickup-1280.png", fullPage: true });
  await page.setViewportSize({ width: 375, height: 740 });
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/kiosk-pickup-375.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await going.filter({ hasText: kids[0]!.givenName }).click();
  await expect(going.filter({ hasText: kids[0]!.givenName })).toHaveAttribute("aria-pressed", "false");
  await page.getByRole("button", { name: "Check out 1 child" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Hand over ${kids[1]!.givenName} (label ${codeOf[kids[1]!.givenName]})` })).toBeVisible();

  // Mum's own code collects Kid1.
  await pickup.fill(await memberCode(mum));
  await pickup.press("Enter");
  await expect(going).toHaveCount(1);
  await page.getByRole("button", { name: "Check out 1 child" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Hand over ${kids[0]!.givenName}` })).toBeVisible();

  const rows = await sql<{ check_out_method: string | null }>(`SELECT check_out_method FROM check_in WHERE event_id = $1 ORDER BY check_out_method`, [event.id]);
  expect(rows.map((row) => row.check_out_method)).toEqual(["adult", "tag"]);
});

test("a parent without their code types their mobile number and the texted code; a child is picked up after the event ended; signing out revokes the kiosk", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const campusId = await createCheckInCampus();
  const open = await createCheckInEvent(campusId, { title: `Youth night ${randomBytes(2).toString("hex")}` });
  const ended = await createCheckInEvent(campusId, { title: `Early service ${randomBytes(2).toString("hex")}`, startsInMinutes: -70, minutes: 60 });
  const first = await createHousehold("kiosk-phone-a", 1);
  const second = await createHousehold("kiosk-phone-b", 1);
  await sql(`UPDATE account SET given_name = 'Amara' WHERE id = $1`, [first.kids[0]!.id]);
  await sql(`UPDATE account SET given_name = 'Bodhi' WHERE id = $1`, [second.kids[0]!.id]);
  const phone = await uniquePhone();
  await sql(`UPDATE account SET phone = $2, phone_verified_at = now() WHERE id = $1`, [first.mum.id, phone]);

  // Bodhi was checked in to the early service, which has ended; his parent's tag holds this secret.
  // Hex in capitals with its 0, 1, 8 and 9 replaced is base32 (A-Z, 2-7), as a printed tag's is.
  const bodhiTag = `PICKUP-${randomBytes(8).toString("hex").toUpperCase().replace(/[0189]/g, "Q")}`;
  const [tagRow] = await sql<{ id: string }>(`INSERT INTO pickup_tag (secret_hash) VALUES ($1) RETURNING id::text AS id`, [createHash("sha256").update(bodhiTag).digest("base64url")]);
  const [family] = await sql<{ family_id: string }>(`SELECT family_id FROM family_member WHERE user_id = $1`, [second.kids[0]!.id]);
  await sql(
    `INSERT INTO check_in (event_id, person_id, family_id, dropped_off_by, method, security_code, service_date, checked_in_at, pickup_tag_id)
     SELECT e.id, $2, $3, $4, 'staff', 'KQ7P', to_char(now() AT TIME ZONE e.timezone, 'YYYY-MM-DD'), e.start_at, $5::uuid FROM event e WHERE e.id = $1`,
    [ended.id, second.kids[0]!.id, family!.family_id, second.mum.id, tagRow!.id],
  );

  const clientId = await enrolThisTablet(page, browser, campusId);
  const events = page.getByRole("group", { name: "Events open for check-in" });
  await expect(events.getByRole("button")).toHaveCount(1);
  await expect(events.getByRole("button", { name: new RegExp(open.title) })).toHaveAttribute("aria-pressed", "true");

  // The whole number as people write it; then the code texted to it.
  await page.getByRole("textbox", { name: /Scan your member code/ }).fill(`+1 (${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`);
  await page.keyboard.press("Enter");
  const texted = page.getByRole("textbox", { name: /We sent a text to the number ending/ });
  await expect(texted).toBeFocused();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/kiosk-texted-code-1280.png", fullPage: true });
  await page.setViewportSize({ width: 375, height: 740 });
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/kiosk-texted-code-375.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  const code = await latestCodeFor(phone);
  await texted.fill(wrongCode(code));
  await texted.press("Enter");
  await expect(page.locator(".kiosk__alert")).toContainText("That code is not the code we texted");
  await texted.fill(code);
  await texted.press("Enter");
  // The phone's holder is who stands here: only the children are chosen.
  await expect(page.getByRole("heading", { level: 2, name: "Who is checking in?" })).toBeFocused();
  await expect(page.getByRole("group", { name: "Dropping off" })).toHaveCount(0);
  await page.getByRole("group", { name: "Children" }).getByRole("button", { name: "Amara" }).click();
  await page.getByRole("button", { name: `Check in 1 child to ${open.title}` }).click();
  await expect(page.getByRole("list", { name: "Security codes" }).getByRole("listitem")).toHaveCount(1);
  await page.getByRole("button", { name: "Done" }).click();

  // Pickup lists the ended event too, and its tag collects Bodhi.
  await page.getByRole("button", { name: "Pick up", exact: true }).click();
  await expect(page.getByRole("list", { name: "Events with people still checked in" })).toContainText(`${ended.title}`);
  await expect(page.getByRole("list", { name: "Events with people still checked in" })).toContainText("ended, 1 still here");
  await page.getByRole("textbox", { name: /Scan the pickup tag/ }).fill(bodhiTag);
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Check out 1 child" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Hand over Bodhi (label KQ7P)" })).toBeVisible();

  // Signing out ends the kiosk's grant at the issuer, not only on this tablet.
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Sign this kiosk out" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Set up this check-in kiosk" })).toBeVisible();
  const grants = await sql<{ revoked: boolean }>(`SELECT revoked_at IS NOT NULL AS revoked FROM oauth_grant WHERE client_id = $1`, [clientId]);
  expect(grants.map((grant) => grant.revoked)).toEqual([true]);
});
