import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { staffWithToken } from "../support/admin.ts";
import { createCheckInCampus, createCheckInEvent, createHousehold } from "../support/check-in.ts";
import { sql } from "../support/database.ts";
import { callApi } from "../support/identity-api.ts";
import { portalTokensFor } from "../support/oauth-client.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll } from "../support/page-checks.ts";
import { signInOverHttp } from "../support/portal.ts";

// "My schedule" at /calendar/mine in Debian's Chromium (issue 20, docs/decisions/0025): the household's places
// and waitlist, the events for its children, "Add to Google / Apple / Outlook" on each; the private feed made
// (its address shown once, copied, opened as webcal://), read by a calendar app, then revoked (confirmed).
// Axe; screenshots at 1280 and 375 px.

const SHOTS = process.env.SCHEDULE_SHOTS_DIR ?? "test-results/screens";
const DAY = 24 * 60;
const liveFeeds = async (userId: string) => (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM calendar_feed_token WHERE user_id = $1 AND revoked_at IS NULL`, [userId]))[0]!.n;
const region = (page: Page, name: string) => page.getByRole("main").getByRole("region", { name });

for (const width of [1280, 375] as const) {
  test(`at ${width} px a member sees the household's schedule with add-to-calendar links, makes a feed address and revokes it`, async ({ browser }) => {
    const run = randomBytes(3).toString("hex");
    const staff = await staffWithToken(`schedule-portal-staff-${width}`);
    const campus = await createCheckInCampus();
    const camp = await createCheckInEvent(campus, { title: `Family camp ${width}-${run}`, startsInMinutes: 9 * DAY, capacity: 2, modes: ["NONE"] });
    const club = await createCheckInEvent(campus, { title: `Kids club ${width}-${run}`, startsInMinutes: 4 * DAY, modes: ["NONE"] });
    await sql(`UPDATE event SET audience = ARRAY['children'] WHERE id = $1`, [club.id]);
    expect((await callApi("PUT", `/api/v1/admin/events/${camp.id}/registration`, staff.token, { body: { open: true, waitlist: true } })).status).toBe(200);
    const home = await createHousehold(`schedule-portal-${width}`, 2);
    const token = (await portalTokensFor(home.mum)).access_token;
    expect((await callApi("POST", `/api/v1/users/me/events/${camp.id}/registration`, token, { body: { person_ids: [home.mum.id, home.kids[0]!.id, home.kids[1]!.id] } })).status).toBe(201);

    const context = await browser.newContext({
      viewport: { width, height: width === 1280 ? 900 : 740 },
      timezoneId: "UTC",
      permissions: ["clipboard-read", "clipboard-write"],
      ...(width === 375 ? { hasTouch: true, isMobile: true } : {}),
    });
    const page = await context.newPage();
    await signInOverHttp(page, { email: home.mum.email, password: home.mum.password });
    await page.goto("/calendar/mine");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My schedule");

    const signedUp = region(page, "Signed up");
    const campCard = signedUp.getByRole("listitem").filter({ has: page.getByRole("heading", { name: camp.title }) });
    await expect(campCard).toContainText("Kid1: has a place");
    await expect(campCard).toContainText("Kid2: on the waitlist, number 1");
    await expect(campCard.getByRole("link", { name: `Add ${camp.title} to Google Calendar` })).toHaveAttribute("href", /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE&text=Family\+camp\+/);
    await expect(campCard.getByRole("link", { name: `Add ${camp.title} to Outlook` })).toHaveAttribute("href", /^https:\/\/outlook\.live\.com\/calendar\/0\/deeplink\/compose\?/);
    await expect(campCard.getByRole("link", { name: `Add ${camp.title} to Apple Calendar (.ics)` })).toHaveAttribute("href", `/api/calendar/events/${camp.id}/calendar.ics`);

    const forYou = region(page, "For your household");
    await expect(forYou).toContainText("children (Kid1, Kid2)");
    const clubCard = forYou.getByRole("listitem").filter({ has: page.getByRole("heading", { name: club.title }) });
    await expect(clubCard).toContainText("For children");
    await expect(clubCard.getByRole("link", { name: `Add ${club.title} to Google Calendar` })).toBeVisible();
    await expect(forYou.getByRole("heading", { name: camp.title })).toHaveCount(0);

    const feed = region(page, "Subscribe in your calendar app");
    await expect(feed).toContainText("You have no calendar feed.");
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/my-schedule-${width}.png`, fullPage: true });

    // Make the address: shown, copied, and offered as webcal:// for the phone’s own calendar.
    await feed.getByRole("button", { name: "Make a feed address" }).click();
    await expect(feed.getByRole("status").first()).toHaveText("Your feed address is ready.");
    const address = feed.getByRole("textbox", { name: "Your feed address" });
    const url = await address.inputValue();
    expect(url).toMatch(/^https?:\/\/[^/]+\/api\/calendar\/mine\/[A-Za-z0-9_-]{43}\.ics$/);
    await expect(feed.getByRole("link", { name: "Open in calendar app" })).toHaveAttribute("href", url.replace(/^https?:/, "webcal:"));
    await feed.getByRole("button", { name: "Copy address" }).click();
    await expect(feed.getByText("Address copied.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await feed.screenshot({ path: `${SHOTS}/my-schedule-feed-made-${width}.png` });

    // A calendar app reads it, with no sign-in.
    const read = await page.request.get(new URL(url).pathname, { headers: { Cookie: "" } });
    expect(read.status()).toBe(200);
    // Unfolded (RFC 5545 3.1), with its TEXT escapes.
    expect((await read.text()).replace(/\r\n[ \t]/g, "")).toContain(`SUMMARY:${camp.title} (Test\\, Kid1\\; Kid2 on the waitlist\\, number 1)`);

    // Done: the address is gone from the page; only the status stays.
    await feed.getByRole("button", { name: "Done" }).click();
    const status = feed.getByRole("article", { name: "Your calendar feed" });
    await expect(status).toContainText("last read by a calendar app");
    await expect(feed.getByRole("textbox")).toHaveCount(0);
    await feed.screenshot({ path: `${SHOTS}/my-schedule-feed-status-${width}.png` });

    // A second device: the same address again (just signed in, so recently enough), the first one still working.
    await status.getByRole("button", { name: "Show address" }).click();
    await expect(feed.getByRole("textbox", { name: "Your feed address" })).toHaveValue(url);
    await expect(feed.getByRole("textbox", { name: "Your feed address" })).toBeFocused();
    expect(await liveFeeds(home.mum.id)).toBe(1);
    await feed.getByRole("button", { name: "Done" }).click();

    // Revoke, confirmed: the address answers 404; the section offers a new one.
    await status.getByRole("button", { name: "Revoke" }).click();
    const revoke = page.getByRole("dialog", { name: "Revoke your calendar feed?" });
    await expect(revoke).toContainText("stop getting updates at once");
    await expectNoAxeViolations(page);
    await revoke.getByRole("button", { name: "Revoke" }).click();
    await expect(feed.getByRole("status").first()).toHaveText("Your feed is revoked. Calendar apps can no longer read it.");
    await expect(feed).toContainText("You have no calendar feed.");
    expect(await liveFeeds(home.mum.id)).toBe(0);
    expect((await page.request.get(new URL(url).pathname)).status()).toBe(404);

    // The event page offers the same three links.
    await page.goto(`/calendar/${camp.id.replace(/_/g, "-")}`);
    await expect(page.getByRole("link", { name: `Add ${camp.title} to Outlook` })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/event-page-add-to-calendar-${width}.png`, fullPage: width === 375 });
    await context.close();
  });
}

test("a signed-out visitor is sent to sign in", async ({ page }) => {
  await page.goto("/calendar/mine");
  await expect(page).not.toHaveURL(/\/calendar\/mine$/);
});
