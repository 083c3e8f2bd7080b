import { expect, test, type Page } from "@playwright/test";
import { EVENT_TYPES } from "../support/calendar-contract.ts";
import { getFeed, readWholeFeed } from "../support/calendar-client.ts";
import { sql } from "../support/database.ts";
import { expectNoAxeViolations } from "../support/page-checks.ts";

// The member-facing calendar pages in Debian's Chromium.

const FIRST_PAGE_SIZE = 12;
const eventCards = (page: Page) => page.locator("main article");


test.describe("calendar list", () => {
  test("the first page is rendered on the server and readable without JavaScript", async ({ browser, request }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/calendar");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const first = await getFeed(request, { limit: FIRST_PAGE_SIZE });
    await expect(eventCards(page)).toHaveCount(FIRST_PAGE_SIZE);
    await expect(eventCards(page).first()).toContainText(first.items[0]!.title);
    // Without JavaScript, "Load more" is a plain link to the next page.
    const more = page.getByRole("link", { name: "Load more events" });
    await expect(more).toHaveAttribute("href", /cursor=/);
    await more.click();
    await expect(eventCards(page)).toHaveCount(FIRST_PAGE_SIZE);
    const second = await getFeed(request, { limit: FIRST_PAGE_SIZE, cursor: first.nextCursor! });
    await expect(eventCards(page).first()).toContainText(second.items[0]!.title);
    await context.close();
  });

  test("scrolling to the end loads the next page", async ({ page, request }) => {
    await page.goto("/calendar");
    await expect(eventCards(page)).toHaveCount(FIRST_PAGE_SIZE);
    const nextPage = page.waitForResponse((response) => response.url().includes("/api/calendar/events/upcoming") && response.url().includes("cursor="));
    await page.locator(".feed__sentinel").scrollIntoViewIfNeeded();
    expect((await nextPage).status()).toBe(200);
    await expect.poll(() => eventCards(page).count()).toBeGreaterThan(FIRST_PAGE_SIZE);
    const expected = (await readWholeFeed(request, { limit: 100 })).events.slice(0, FIRST_PAGE_SIZE + 1);
    await expect(eventCards(page).nth(FIRST_PAGE_SIZE)).toContainText(expected[FIRST_PAGE_SIZE]!.title);
  });

  test("the Load more button loads the next page too", async ({ page }) => {
    // A browser without IntersectionObserver, where the button is the only way on: scrolling to the button
    // otherwise loads the next page by itself, moving the button away under the click (a fresh-clone run
    // chased it for two minutes).
    await page.addInitScript(() => Reflect.deleteProperty(window, "IntersectionObserver"));
    await page.goto("/calendar");
    await expect(eventCards(page)).toHaveCount(FIRST_PAGE_SIZE);
    await page.getByRole("button", { name: "Load more events" }).click();
    await expect.poll(() => eventCards(page).count()).toBeGreaterThan(FIRST_PAGE_SIZE);
  });

  test("scrolling loads three more pages by itself and then waits for Load more, so the foot of the page can be reached", async ({ page }) => {
    // Without the limit, every scroll towards the foot loaded another page and pushed it away (the language
    // switcher there was out of reach until all the church's events had loaded).
    const pagesBeforeTheButton = 4;
    await page.goto("/calendar");
    await expect(eventCards(page)).toHaveCount(FIRST_PAGE_SIZE);
    const foot = page.getByRole("contentinfo");
    await expect(async () => {
      await foot.scrollIntoViewIfNeeded();
      await expect(eventCards(page)).toHaveCount(FIRST_PAGE_SIZE * pagesBeforeTheButton, { timeout: 1_000 });
    }).toPass();
    await foot.scrollIntoViewIfNeeded();
    await expect(foot.getByRole("button", { name: "Change" })).toBeInViewport();
    await expect(page.getByRole("button", { name: "Load more events" })).toBeVisible();
    await expect(eventCards(page)).toHaveCount(FIRST_PAGE_SIZE * pagesBeforeTheButton);

    await page.getByRole("button", { name: "Load more events" }).click();
    await expect(eventCards(page)).toHaveCount(FIRST_PAGE_SIZE * (pagesBeforeTheButton + 1));
    await foot.getByRole("link", { name: "For developers" }).click();
    await expect(page).toHaveURL(/\/developers$/);
  });

  test("changing a filter changes the list and the URL", async ({ page, request }) => {
    await page.goto("/calendar");
    await expect(eventCards(page)).toHaveCount(FIRST_PAGE_SIZE);
    await page.getByLabel("Type").selectOption("CONFERENCE");
    await expect(page).toHaveURL(/[?&]type=CONFERENCE/);
    const conferences = await readWholeFeed(request, { type: "CONFERENCE", limit: 100 });
    await expect(eventCards(page)).toHaveCount(Math.min(FIRST_PAGE_SIZE, conferences.events.length));
    await expect(eventCards(page).first()).toContainText(conferences.events[0]!.title);
    // The filtered URL is shareable: loading it fresh shows the same filter and list.
    await page.reload();
    await expect(page.getByLabel("Type")).toHaveValue("CONFERENCE");
    await expect(eventCards(page).first()).toContainText(conferences.events[0]!.title);
  });

  test("on a phone the filters fold behind one button, the first events are in sight, and the campus chosen is remembered", async ({ page, request }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/calendar");
    await expect(eventCards(page)).toHaveCount(FIRST_PAGE_SIZE);
    const toggle = page.getByRole("button", { name: "Filters", exact: true });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByLabel("Campus")).toBeHidden();
    expect((await eventCards(page).first().boundingBox())!.y, "the first event on the first screen").toBeLessThan(812);
    await page.screenshot({ path: "test-results/screens/calendar-phone-375.png" });

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const campus = page.getByLabel("Campus");
    // A campus with upcoming events (other specs add campuses with none).
    const first = (await readWholeFeed(request, { limit: 100 })).events.find((event) => event.campusId)!.campusId;
    await campus.selectOption(first!);
    await expect(page).toHaveURL(new RegExp(`[?&]campusId=${first}`));
    await expect(page.getByRole("button", { name: "Filters (1 on)" })).toBeVisible();
    await page.screenshot({ path: "test-results/screens/calendar-phone-filters-375.png" });

    // Opened again without filters, the calendar is on that campus; clearing the filters forgets it.
    await page.goto("/calendar");
    await expect(page).toHaveURL(new RegExp(`[?&]campusId=${first}`));
    const atCampus = await readWholeFeed(request, { campusId: first!, limit: 100 });
    await expect(eventCards(page).first()).toContainText(atCampus.events[0]!.title);
    await page.getByRole("button", { name: "Filters (1 on)" }).click();
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/calendar$/);
    await page.goto("/calendar");
    await expect(eventCards(page)).toHaveCount(FIRST_PAGE_SIZE);
    await expect(page).toHaveURL(/\/calendar$/);
  });

  test("filters that match nothing show the empty state", async ({ page }) => {
    await page.goto("/calendar?audience=martians");
    await expect(page.getByText("No upcoming events match these filters")).toBeVisible();
    await expect(eventCards(page)).toHaveCount(0);
  });

  test("bad filter values in the address are explained and left out, not an error page", async ({ page }) => {
    const response = await page.goto("/calendar?type=PICNIC&campusId=cmp%00x");
    expect(response?.status()).toBe(200);
    await expect(page.getByText("Some of this address was not understood")).toBeVisible();
    await expect(page.getByText(/not an event type we know/)).toBeVisible();
    await expect(eventCards(page)).toHaveCount(FIRST_PAGE_SIZE);
  });

  test("cancelled and postponed events are marked in words", async ({ page, request }) => {
    const { events } = await readWholeFeed(request, { limit: 100 });
    const cancelled = events.find((event) => event.status === "CANCELLED")!;
    await page.goto(cancelled.url);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(cancelled.title);
    await expect(page.getByText(/cancel+ed/i).first()).toBeVisible();
    const postponed = events.find((event) => event.status === "POSTPONED")!;
    await page.goto(postponed.url);
    await expect(page.getByText(/postponed/i).first()).toBeVisible();
  });

  test("axe finds no violation on the list, on a desktop and on a 375 px phone", async ({ page }) => {
    await page.goto("/calendar");
    await expect(eventCards(page)).toHaveCount(FIRST_PAGE_SIZE);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/calendar");
    await expect(eventCards(page)).toHaveCount(FIRST_PAGE_SIZE);
    await expectNoAxeViolations(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, "no horizontal scrolling at 375 px").toBeLessThanOrEqual(0);
  });

  test("is usable with the keyboard: tab to a filter and to an event", async ({ page }) => {
    await page.goto("/calendar");
    await page.keyboard.press("Tab");
    const reached: string[] = [];
    for (let index = 0; index < 40; index += 1) {
      reached.push(await page.evaluate(() => `${document.activeElement?.tagName}:${document.activeElement?.getAttribute("href") ?? document.activeElement?.id ?? ""}`));
      await page.keyboard.press("Tab");
    }
    expect(reached.some((entry) => entry.startsWith("SELECT"))).toBe(true);
    expect(reached.some((entry) => entry.startsWith("A:/calendar/"))).toBe(true);
  });
});

test.describe("event page", () => {
  test("shows the event, its time in its own zone, and add-to-calendar links", async ({ page, request }) => {
    const { events } = await readWholeFeed(request, { limit: 100 });
    const event = events.find((item) => item.location && item.registrationUrl && item.seriesId === undefined) ?? events[0]!;
    await page.goto("/calendar");
    await page.goto(event.url);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(event.title);
    await expect(page.getByRole("link", { name: /to Apple Calendar/i })).toHaveAttribute(
      "href",
      `/api/calendar/events/${event.eventId}/calendar.ics`,
    );
    await expect(page.getByRole("link", { name: /to Google Calendar/i })).toHaveAttribute("href", /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE&/);
    await expect(page.getByRole("link", { name: /to Outlook/i })).toHaveAttribute("href", /^https:\/\/outlook\.live\.com\/calendar\/0\/deeplink\/compose\?/);
    if (event.location) await expect(page.getByText(event.location.name).first()).toBeVisible();
    if (event.registrationUrl) await expect(page.getByRole("link", { name: /regist/i }).first()).toHaveAttribute("href", event.registrationUrl);
    await expect(page.locator(`time[datetime^="${event.startDate}"]`).first()).toBeVisible();
  });

  test("opens from the list", async ({ page, request }) => {
    const first = (await getFeed(request, { limit: 1 })).items[0]!;
    await page.goto("/calendar");
    await page.getByRole("link", { name: first.title }).first().click();
    await expect(page).toHaveURL(new RegExp(`${first.url}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(first.title);
  });

  test("renders description markup safely: no script runs, no handler survives", async ({ page, request }) => {
    const { events } = await readWholeFeed(request, { limit: 100 });
    const hostile = events.find((event) => /<script|onerror=/i.test(event.description));
    expect(hostile, "the seed has a description with hostile markup").toBeDefined();
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(hostile!.url);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(dialogs).toEqual([]);
    expect(await page.locator("main script").count()).toBe(0);
    expect(await page.locator("main [onerror], main [onclick], main [onload]").count()).toBe(0);
  });

  test("axe finds no violation on an event page", async ({ page, request }) => {
    const { items } = await getFeed(request, { limit: 20 });
    for (const event of [items[0]!, items.find((item) => item.seriesId) ?? items[1]!]) {
      await page.goto(event.url);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });

  test("an unknown, draft or non-public event is a 404 page", async ({ page }) => {
    const hidden = await sql<{ slug: string }>(
      `(SELECT slug FROM event WHERE status = 'DRAFT' LIMIT 1) UNION ALL (SELECT slug FROM event WHERE visibility <> 'public' LIMIT 1)`,
    );
    expect(hidden).toHaveLength(2);
    for (const slug of ["no-such-event-anywhere", ...hidden.map((row) => row.slug)]) {
      const response = await page.goto(`/calendar/${slug}`);
      expect(response?.status(), slug).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(/not found/i);
      await expect(page.getByRole("link", { name: /calendar/i }).first()).toBeVisible();
    }
  });
});

test("every event type has a readable label in the filter", async ({ page }) => {
  await page.goto("/calendar");
  const options = page.getByLabel("Type").locator("option");
  const labels = await options.allTextContents();
  expect(labels.length).toBe(EVENT_TYPES.length + 1);
  for (const label of labels) expect(label).not.toMatch(/_/);
  // "All types" first, then exactly the contract's event types as the values the feed's `type` filter takes.
  const values = await options.evaluateAll((elements) => elements.map((element) => (element as HTMLOptionElement).value));
  expect(values[0]).toBe("");
  expect(values.slice(1).sort()).toEqual([...EVENT_TYPES].sort());
});
