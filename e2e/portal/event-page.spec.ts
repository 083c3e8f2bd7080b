import { expect, test, type Locator, type Page } from "@playwright/test";
import { DEMO_TOTP_SECRET } from "../../lib/demo/seed-identity.ts";
import { createStaffMember, staffWithToken } from "../support/admin.ts";
import { createCheckInCampus, createCheckInEvent } from "../support/check-in.ts";
import { sql } from "../support/database.ts";
import { callApi } from "../support/identity-api.ts";
import { createTestMember, type TestMember } from "../support/oauth-accounts.ts";
import { portalTokensFor } from "../support/oauth-client.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll, tabTo } from "../support/page-checks.ts";
import { signInOverHttp } from "../support/portal.ts";

// The event page in Debian's Chromium (issue 38, item 7): an online event links to its stream, safely, and
// offers no map; an event without a picture shows no big grey box; on a 375 px phone the sign-up is reachable
// under the title, with the keyboard too; each count says which it is ("places" for sign-ups, "here now" for
// check-ins; docs/decisions/0024, "What each count means"). Axe; screenshots at 1280 and 375 px.

test.use({ timezoneId: "UTC" });

/** The first screen of a 375 × 667 phone. */
const PHONE = { width: 375, height: 667 };
const DESKTOP = { width: 1280, height: 900 };
const STREAM = "https://live.example.org/grace-harbor/evening-prayer";
const LONG_DESCRIPTION = Array.from(
  { length: 14 },
  (_, i) => `<p>Part ${i + 1}. We gather to pray for the church and the city, read a psalm together, share what is on our hearts and sing a little. Come as you are; there is tea and cake afterwards, and children are welcome with their parents throughout the evening.</p>`,
).join("");

const hero = (page: Page) => page.getByRole("main").locator("article > header");

/** An event of the test's own; its page's address. */
async function eventPage(fields: { title: string; capacity?: number | null; startsInMinutes?: number; modes?: string[] }): Promise<{ id: string; title: string; path: string }> {
  const event = await createCheckInEvent(await createCheckInCampus(), { modes: ["NONE"], ...fields });
  const [row] = await sql<{ slug: string }>(`SELECT slug FROM event WHERE id = $1`, [event.id]);
  return { ...event, path: `/calendar/${row!.slug}` };
}

/** The layout shifts the page has had so far (Cumulative Layout Shift, without shifts after input). */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
}

/** Whether the element is wholly inside the page's first screen (before any scrolling). */
async function expectInFirstScreen(page: Page, locator: Locator, what: string) {
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(box!.y + scrolled + box!.height, `${what} ends within the first ${PHONE.height} px`).toBeLessThanOrEqual(PHONE.height);
}

async function signUpByApi(member: TestMember, eventId: string) {
  const answer = await callApi("POST", `/api/v1/users/me/events/${eventId}/registration`, (await portalTokensFor(member)).access_token, { body: { person_ids: [member.id] } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

test("an online event links to its stream by its host, opened safely, and offers no map", async ({ page }) => {
  const event = await eventPage({ title: `Evening prayer online ${Date.now().toString(36)}`, startsInMinutes: 3 * 24 * 60 });
  await sql(`UPDATE event SET location_name = 'Grace Harbor Church Online', location_address = $2, latitude = NULL, longitude = NULL, description = $3 WHERE id = $1`, [event.id, STREAM, LONG_DESCRIPTION]);

  await page.setViewportSize(DESKTOP);
  await page.goto(event.path);
  const join = page.getByRole("link", { name: "Join online at live.example.org (opens in a new tab)" });
  // Once under the title, once where the place would be; both the same safe link.
  await expect(join).toHaveCount(2);
  for (const link of await join.all()) {
    await expect(link).toHaveAttribute("href", STREAM);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  }
  const where = page.getByRole("region", { name: "Where" });
  await expect(where).toContainText("Grace Harbor Church Online");
  await expect(where.getByRole("link", { name: /^Join online at live\.example\.org/ })).toBeVisible();
  // No map for an online event, and the address is not left as text to copy.
  await expect(page.getByRole("link", { name: /OpenStreetMap/ })).toHaveCount(0);
  await expect(page.locator('a[href*="openstreetmap"]')).toHaveCount(0);
  await expect(page.getByRole("main")).not.toContainText(STREAM);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/event-page-online-1280.png", fullPage: true });

  // On a phone the link to join is on the first screen, above the long description.
  await page.setViewportSize(PHONE);
  await page.goto(event.path);
  await expectInFirstScreen(page, hero(page).getByRole("link", { name: /^Join online at live\.example\.org/ }), "the link to join");
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/event-page-online-375.png", fullPage: true });

  // An address that is a link of another kind is never a link (nor a map): javascript:, data:.
  for (const hostile of ["javascript:alert(document.domain)", "data:text/html,<script>alert(1)</script>"]) {
    await sql(`UPDATE event SET location_name = 'Online', location_address = $2 WHERE id = $1`, [event.id, hostile]);
    await page.goto(event.path);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Evening prayer online");
    await expect(page.locator('main a[href^="javascript:" i], main a[href^="data:" i]')).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^Join online|^Watch the stream/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /OpenStreetMap/ })).toHaveCount(0);
  }
});

test("an event without a picture shows no big grey box; one with a picture keeps its place (no layout shift)", async ({ page }) => {
  const plain = await eventPage({ title: `Elders meeting ${Date.now().toString(36)}`, startsInMinutes: 4 * 24 * 60 });
  await sql(`UPDATE event SET image_url = NULL, description = $2, location_name = 'Harbor Point Campus · Room 4', location_address = '100 Harbor Point Blvd, Boston, MA' WHERE id = $1`, [plain.id, LONG_DESCRIPTION]);
  const pictured = await eventPage({ title: `Harvest camp ${Date.now().toString(36)}`, startsInMinutes: 4 * 24 * 60 });
  await sql(`UPDATE event SET image_url = '/images/events/camp.svg', description = $2 WHERE id = $1`, [pictured.id, LONG_DESCRIPTION]);

  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto(plain.path);
    const title = page.getByRole("heading", { level: 1 });
    const about = page.getByRole("heading", { level: 2, name: "About this event" });
    await expect(about).toBeVisible();
    // Nothing stands in for the picture: no image, no placeholder; the description starts right under the title.
    await expect(hero(page).locator("img")).toHaveCount(0);
    await expect(hero(page).locator('[aria-hidden="true"]')).toHaveCount(0);
    const gap = (await about.boundingBox())!.y - (await title.boundingBox())!.y;
    expect(gap, "from the title to the description").toBeLessThan(viewport === PHONE ? 420 : 300);
    // A map for a real place still.
    await expect(page.getByRole("region", { name: "Where" }).getByRole("link", { name: "View on OpenStreetMap" })).toBeVisible();
    expect(await layoutShift(page), "layout shift").toBeLessThan(0.1);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/screens/event-page-no-picture-${viewport.width}.png`, fullPage: true });

    // With a picture: its size reserved by its attributes before it loads.
    await page.goto(pictured.path);
    const picture = hero(page).locator("img");
    await expect(picture).toHaveAttribute("width", "640");
    await expect(picture).toHaveAttribute("height", "360");
    await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).complete)).toBe(true);
    expect(await layoutShift(page), "layout shift").toBeLessThan(0.1);
  }
});

test("on a 375 px phone, sign-up is on the first screen and leads to the sign-up, with the keyboard too", async ({ page }) => {
  const event = await eventPage({ title: `Parenting course ${Date.now().toString(36)}`, capacity: 20, startsInMinutes: 5 * 24 * 60 });
  await sql(`UPDATE event SET registration_open = true, description = $2 WHERE id = $1`, [event.id, LONG_DESCRIPTION]);
  for (const label of ["event-page-a", "event-page-b", "event-page-c"]) await signUpByApi(await createTestMember(label), event.id);

  // A visitor: the places and the way in, on the first screen, above the long description.
  await page.setViewportSize(PHONE);
  await page.goto(event.path);
  await expect(hero(page)).toContainText("17 of 20 places left.");
  const signIn = hero(page).getByRole("link", { name: "Sign in to sign up" });
  await expectInFirstScreen(page, signIn, "Sign in to sign up");
  expect((await signIn.boundingBox())!.y).toBeLessThan((await page.getByRole("heading", { name: "About this event" }).boundingBox())!.y);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/event-page-sign-up-visitor-375.png" });

  // A member: "Sign up" on the first screen leads to the sign-up section; focus goes on there.
  const member = await createTestMember("event-page-member");
  await signInOverHttp(page, { email: member.email, password: member.password });
  await page.goto(event.path);
  const section = page.getByRole("region", { name: "Sign up" });
  await expect(section.getByRole("checkbox", { name: "Test (you)" })).toBeVisible();
  const jump = hero(page).getByRole("link", { name: "Sign up", exact: true });
  await expect(jump).toHaveAttribute("href", "#sign-up");
  await expectInFirstScreen(page, jump, "Sign up");
  await expect(section).not.toBeInViewport();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/event-page-sign-up-375.png" });

  await tabTo(page, jump);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#sign-up$/);
  await expect(section).toBeInViewport();
  // The next Tab is inside the sign-up: the order of the page, not a visual trick.
  await page.keyboard.press("Tab");
  await expect(section.getByRole("checkbox", { name: "Test (you)" })).toBeFocused();
  await page.keyboard.press("Space");
  await section.getByRole("button", { name: "Sign up", exact: true }).click();
  await expect(section.getByRole("status")).toHaveText("Signed up: Test.");
  // The top says the same count as the section, at once.
  await expect(section).toContainText("16 of 20 places left.");
  await expect(hero(page)).toContainText("16 of 20 places left.");
  await expect(hero(page).getByRole("link", { name: "See your sign-up" })).toHaveAttribute("href", "#sign-up");
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/event-page-sign-up-after-375.png", fullPage: true });

  await page.setViewportSize(DESKTOP);
  await page.goto(event.path);
  await expect(hero(page).getByRole("link", { name: "See your sign-up" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/event-page-sign-up-1280.png", fullPage: true });
});

test("each count says which it is: places on the event page, here now and places on staff's attendance page", async ({ page }) => {
  // Starts in 30 minutes: sign-up still open (it closes at the start), check-in open (60 minutes before).
  const event = await eventPage({ title: `Kids club ${Date.now().toString(36)}`, capacity: 3, startsInMinutes: 30, modes: ["MANUAL"] });
  await sql(`UPDATE event SET registration_open = true WHERE id = $1`, [event.id]);
  const members = [await createTestMember("event-counts-a"), await createTestMember("event-counts-b"), await createTestMember("event-counts-c")];
  for (const member of members) await signUpByApi(member, event.id);

  // The event page: every place is taken, said as places.
  await page.setViewportSize(DESKTOP);
  await page.goto(event.path);
  await expect(page.getByRole("region", { name: "Sign up" })).toContainText("Full: all 3 places are taken.");
  await expect(hero(page)).toContainText("Full: all 3 places are taken.");
  await expect(page.getByRole("main")).not.toContainText(/\bleft\b/);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/event-page-counts-1280.png", fullPage: true });

  // Staff's attendance page: nobody here yet, and the same places in the same words.
  const staff = await createStaffMember("event-counts-staff");
  await signInOverHttp(page, { email: staff.email, password: staff.password, totpSecret: DEMO_TOTP_SECRET });
  await page.goto(`/admin/events/${event.id}/attendance`);
  const counts = page.getByRole("main").getByRole("list", { name: "Counts" });
  await expect(counts).toContainText("0 here now · room for 3 more (capacity 3)");
  await expect(counts).toContainText("3 signed up · Full: all 3 places are taken");

  // One of them arrives: here now moves, the places do not.
  const api = await staffWithToken("event-counts-api");
  const arrived = await callApi("POST", `/api/v1/admin/events/${event.id}/check-ins`, api.token, { body: { person_id: members[0]!.id } });
  expect(arrived.status, JSON.stringify(arrived.body)).toBe(201);
  await expect(counts).toContainText("1 here now · room for 2 more (capacity 3)", { timeout: 15_000 });
  await expect(counts).toContainText("3 signed up · Full: all 3 places are taken");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/event-page-counts-attendance-1280.png", fullPage: true });
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/event-page-counts-attendance-375.png", fullPage: true });

  await page.goto(event.path);
  await expect(page.getByRole("region", { name: "Sign up" })).toContainText("Full: all 3 places are taken.");
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/event-page-counts-375.png", fullPage: true });
});
