import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createCheckInCampus, createCheckInEvent, createHousehold, memberCode } from "../support/check-in.ts";
import { sql } from "../support/database.ts";
import { KIOSK_SIZES, enrolThisTablet, expectCheckMarksBesideTheirWords, expectTilesApart } from "../support/kiosk-page.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll } from "../support/page-checks.ts";

// Issue 38, item 15, in Debian's Chromium: what a volunteer and a parent meet in the lobby. The kiosk names its
// church (CHURCH_NAME, the test server's default) with the portal's mark; writes times as the church does (its
// country, US by default: 12-hour) in the event's own zone (UTC here), whatever the tablet's language and zone
// (this tablet is set to British English in Auckland); keeps every tile and button apart, with a chosen tile's
// ✓ on the line of its word, at 1280, 1024 × 768, 768 × 1024 and 375 px; and has the one adult at the tablet
// already chosen to drop off. Screenshots kiosk-tiles-{1280,1024,768,375}.png.

test.use({ locale: "en-GB", timezoneId: "Pacific/Auckland" });

const SCREENS = "test-results/screens";

/** How the church (en-US) writes an instant's time in UTC, in parts: "9", "05", "AM". */
function usTimeParts(at: Date): { hour: string; minute: string; period: string } {
  const parts = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)!.value;
  return { hour: part("hour"), minute: part("minute"), period: part("dayPeriod") };
}

test("the lobby kiosk names its church, writes times as the church does, keeps its tiles apart with each ✓ beside its word, and has the adult at the tablet chosen already", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const campusId = await createCheckInCampus();
  const suffix = randomBytes(2).toString("hex");
  const nursery = await createCheckInEvent(campusId, { title: `Children’s church and nursery for the little ones ${suffix}`, capacity: 20 });
  await createCheckInEvent(campusId, { title: `Youth ${suffix}`, startsInMinutes: 45 });
  const { mum, kids } = await createHousehold("kiosk-lobby", 3);
  await sql(`UPDATE family_member SET notes = 'Peanut allergy' WHERE user_id = $1`, [kids[0]!.id]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await enrolThisTablet(page, browser, campusId);

  // The church's name, beside the portal header's mark.
  const brand = page.locator(".kiosk__brand");
  await expect(brand).toHaveText("Grace Harbor Church");
  const mark = await brand.locator('[aria-hidden="true"]').boundingBox();
  expect(mark?.width).toBeGreaterThan(10);

  // Times as the church writes them, where the event is: 12-hour, UTC; not the tablet's 24-hour Auckland time.
  const [row] = await sql<{ start_at: Date }>(`SELECT start_at FROM event WHERE id = $1`, [nursery.id]);
  const start = usTimeParts(new Date(row!.start_at));
  const tile = page.getByRole("group", { name: "Events open for check-in" }).getByRole("button", { name: new RegExp(nursery.title) });
  const meta = tile.locator(".kiosk__choice-meta");
  await expect(meta).toContainText(new RegExp(`(^|\\D)${start.hour}:${start.minute}\\b`));
  await expect(meta).toContainText(/\b(AM|PM)\b/);
  await expect(meta).toContainText("0 of 20 checked in");
  await tile.click();
  await expect(tile).toHaveAttribute("aria-pressed", "true");

  // Mum scans her code: she drops off, already chosen; two of the three children are chosen.
  await page.getByRole("textbox", { name: /Scan your member code/ }).focus();
  await page.keyboard.insertText(await memberCode(mum));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "Who is checking in?" })).toBeFocused();
  const droppingOff = page.getByRole("group", { name: "Dropping off" }).getByRole("button");
  await expect(droppingOff).toHaveCount(1);
  await expect(droppingOff).toHaveAttribute("aria-pressed", "true");
  const children = page.getByRole("group", { name: "Children" });
  for (const kid of kids.slice(0, 2)) {
    await children.getByRole("button", { name: kid.givenName }).click();
    await expect(children.getByRole("button", { name: kid.givenName })).toHaveAttribute("aria-pressed", "true");
  }

  // Every size a lobby has: nothing touches, no ✓ alone on a line, nothing scrolls sideways.
  for (const size of KIOSK_SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await expectTilesApart(page);
    await expectCheckMarksBesideTheirWords(page);
    await expectNoSidewaysScroll(page);
    if (size.name === "1280" || size.name === "375") await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SCREENS}/kiosk-tiles-${size.name}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // No tap on who drops off: the check-in goes through as Mum's.
  await page.getByRole("button", { name: `Check in 2 children to ${nursery.title}` }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Checked in" })).toBeFocused();
  const dropped = await sql<{ dropped_off_by: string; checked_in_at: Date }>(`SELECT dropped_off_by::text AS dropped_off_by, checked_in_at FROM check_in WHERE event_id = $1`, [nursery.id]);
  expect(dropped.map((checkIn) => checkIn.dropped_off_by)).toEqual([mum.id, mum.id]);
  await expect(tile.locator(".kiosk__choice-meta")).toContainText("2 of 20 checked in");

  // The labels carry the date as the church writes it, in the event's zone; the allergy band only where there are notes.
  const day = new Intl.DateTimeFormat("en-US", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(dropped[0]!.checked_in_at));
  await page.emulateMedia({ media: "print" });
  const labels = page.locator(".kiosk-label");
  await expect(labels).toHaveCount(3);
  await expect(labels.nth(0)).toContainText(`${nursery.title} · ${day}`);
  await expect(labels.nth(0).locator(".kiosk-label__notes")).toHaveText("ALLERGY / NOTE Peanut allergy");
  await expect(labels.nth(1).locator(".kiosk-label__notes")).toHaveCount(0);
  await expect(labels.nth(2)).toContainText(day);
  await page.emulateMedia({ media: "screen" });
});
