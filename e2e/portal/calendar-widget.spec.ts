import { createServer, type Server } from "node:http";
import { expect, test, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { getFeed, readWholeFeed } from "../support/calendar-client.ts";
import type { CalendarEvent } from "../support/calendar-contract.ts";
import { expectNoAxeViolations } from "../support/page-checks.ts";

/**
 * The calendar widget (docs/decisions/0028-calendar-widget.md) as a church website uses it: a host page on
 * ANOTHER site (a node server at http://localhost:<random port>, while the app is http://127.0.0.1:<port>)
 * with the script tag, or the iframe. What it shows is compared with the feed itself; no request or answer
 * of the widget carries a cookie, though the browser holds the app's cookies.
 */

const SHOTS = "test-results/screens";
/** A church website's stylesheet that colours the widget through its custom properties. */
const SITE_CSS = "church-calendar.themed { --church-calendar-accent: #1d5e2f; --church-calendar-background: #f1f7ee; --church-calendar-text: #102a14; }";

let host: Server;
let hostOrigin: string;
const hostPages = new Map<string, string>();

test.beforeAll(async () => {
  host = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://host").pathname;
    const html = hostPages.get(path);
    if (path === "/site.css") {
      response.writeHead(200, { "Content-Type": "text/css" }).end(SITE_CSS);
      return;
    }
    if (!html) {
      response.writeHead(404).end();
      return;
    }
    // A strict host page: its own scripts and the app's, nothing inline (the widget styles itself through
    // constructed stylesheets, which a style-src policy does not govern).
    const app = new URL(test.info().project.use.baseURL!).origin;
    response.writeHead(200, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": `default-src 'self'; script-src ${app}; connect-src ${app}; frame-src ${app}`,
    });
    response.end(html);
  });
  // Every interface (IPv4 and IPv6), so "localhost" reaches it whichever address Chromium tries first.
  await new Promise<void>((resolve) => host.listen(0, resolve));
  const address = host.address();
  if (!address || typeof address === "string") throw new Error("no port");
  hostOrigin = `http://localhost:${address.port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => host.close(() => resolve()));
});

function hostPage(path: string, body: string): string {
  hostPages.set(path, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>St Example's website</title><link rel="stylesheet" href="/site.css"></head><body><main><h1>Welcome to St Example</h1>${body}</main></body></html>`);
  return `${hostOrigin}${path}`;
}

function appOrigin(): string {
  return new URL(test.info().project.use.baseURL!).origin;
}

function scriptTag(): string {
  return `<script src="${appOrigin()}/embed/calendar.js" crossorigin="anonymous" async></script>`;
}

/**
 * Records every request to the app's origin made while the page is open, with its headers and its answer's,
 * after the browser has been given the app's cookies (a visit to the app itself), as a member's would have.
 */
async function watchAppTraffic(context: BrowserContext, page: Page) {
  const visit = await context.newPage();
  await visit.goto("/calendar");
  expect((await context.cookies(appOrigin())).length).toBeGreaterThan(0);
  await visit.close();
  const seen: { url: string; cookie?: string; setCookie?: string }[] = [];
  page.on("requestfinished", (request) => {
    if (!request.url().startsWith(appOrigin())) return;
    void (async () => {
      const response = await request.response();
      seen.push({ url: request.url(), cookie: (await request.allHeaders())["cookie"], setCookie: (await response?.allHeaders())?.["set-cookie"] });
    })();
  });
  return seen;
}


const widget = (page: Page | ReturnType<Page["frameLocator"]>) => page.locator("church-calendar");
const listItems = (root: Locator) => root.locator("ul.events > li");

async function expectListMatches(root: Locator, events: CalendarEvent[]) {
  await expect(listItems(root)).toHaveCount(events.length);
  for (const [index, event] of events.entries()) {
    const item = listItems(root).nth(index);
    await expect(item.getByRole("link")).toHaveText(event.title);
    await expect(item.getByRole("link")).toHaveAttribute("href", `${appOrigin()}${event.url}`);
    await expect(item.locator("time")).toHaveAttribute("datetime", `${event.startDate}T${event.startTime}`);
  }
}

/** The type with the most upcoming events, so that paging has something to show. */
async function busiestType(request: Parameters<typeof readWholeFeed>[0]): Promise<string> {
  const all = (await readWholeFeed(request, { limit: 100 })).events;
  const counts = new Map<string, number>();
  for (const event of all) counts.set(event.eventType, (counts.get(event.eventType) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
}

test("the list shows the feed's events for its filters, pages with More events, and sends or sets no cookie", async ({ page, context, request }) => {
  const type = await busiestType(request);
  const seen = await watchAppTraffic(context, page);
  await page.goto(hostPage("/list", `${scriptTag()}<church-calendar type="${type}" limit="4" heading="Coming up"></church-calendar>`));
  const root = widget(page);
  await expect(root.getByRole("heading", { name: "Coming up" })).toBeVisible();

  const first = await getFeed(request, { type, limit: 4 });
  expect(first.nextCursor).not.toBeNull();
  await expectListMatches(root, first.items);

  const second = await getFeed(request, { type, limit: 4, cursor: first.nextCursor! });
  await root.getByRole("button", { name: "More events" }).press("Enter");
  await expectListMatches(root, [...first.items, ...second.items]);
  // The keyboard goes on where the new events begin, and a screen reader hears how many came.
  await expect(listItems(root).nth(4).getByRole("link")).toBeFocused();
  await expect(root.getByRole("status")).toHaveText(`${second.items.length} more ${second.items.length === 1 ? "event" : "events"} shown.`);

  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/widget-list-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS}/widget-list-375.png`, fullPage: true });

  // No cookie went with the script or the feed, none came back, and the host page has none.
  await expect.poll(() => seen.filter((entry) => entry.url.includes("/api/calendar/events/upcoming")).length).toBeGreaterThanOrEqual(2);
  expect(seen.some((entry) => entry.url.endsWith("/embed/calendar.js"))).toBe(true);
  expect(seen.filter((entry) => entry.cookie !== undefined || entry.setCookie !== undefined)).toEqual([]);
  expect(await page.evaluate(() => document.cookie)).toBe("");
  expect(await context.cookies(hostOrigin)).toEqual([]);
});

test("every filter of the feed applies, and a filter that matches nothing says so", async ({ page, request }) => {
  const all = (await readWholeFeed(request, { limit: 100 })).events;
  const withMinistry = all.find((event) => event.ministryId && event.campusId && event.audience.length > 0)!;
  const filters = { ministryId: withMinistry.ministryId!, campusId: withMinistry.campusId!, audience: withMinistry.audience[0]!, type: withMinistry.eventType };
  const expected = await getFeed(request, { ...filters, limit: 10 });
  await page.goto(
    hostPage(
      "/filters",
      `${scriptTag()}<church-calendar limit="10" type="${filters.type}" ministry-id="${filters.ministryId}" campus-id="${filters.campusId}" audience="${filters.audience}"></church-calendar>` +
        `<church-calendar audience="martians-${Date.now()}" heading="Nothing here"></church-calendar>`,
    ),
  );
  await expectListMatches(widget(page).first(), expected.items);
  const empty = widget(page).nth(1);
  await expect(empty.getByRole("status")).toHaveText("No upcoming events.");
  await expect(listItems(empty)).toHaveCount(0);
});

test("the month view shows the month's events in a table and moves by keyboard", async ({ page, request }) => {
  const all = (await readWholeFeed(request, { limit: 100 })).events;
  await page.goto(hostPage("/month", `${scriptTag()}<church-calendar view="month"></church-calendar>`));
  const root = widget(page);
  const { year, month } = await page.evaluate(() => ({ year: new Date().getFullYear(), month: new Date().getMonth() + 1 }));
  const monthName = (y: number, m: number) => new Date(Date.UTC(y, m - 1, 1)).toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
  // Day by day, an event on every local date it covers (one begun last month too; one ending at midnight
  // not on the day it ends): first what continues from earlier days, in feed order, then what starts that
  // day, by its local start time.
  const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const lastDay = (event: CalendarEvent) => (event.endTime === "00:00" && event.endDate > event.startDate ? new Date(Date.parse(`${event.endDate}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10) : event.endDate);
  const inMonth = (y: number, m: number) => {
    const prefix = `${y}-${String(m).padStart(2, "0")}-`;
    const shown: CalendarEvent[] = [];
    for (let date = `${prefix}01`; date.startsWith(prefix); date = dayAfter(date)) {
      const covering = all.filter((event) => event.startDate <= date && date <= lastDay(event));
      const continuing = covering.filter((event) => event.startDate < date);
      const starting = covering.filter((event) => event.startDate === date).sort((a, b) => a.startTime.localeCompare(b.startTime));
      shown.push(...continuing, ...starting);
    }
    return shown;
  };

  async function expectMonth(y: number, m: number) {
    await expect(root.getByRole("heading", { level: 2 })).toHaveText(monthName(y, m));
    const table = root.getByRole("table", { name: `Events in ${monthName(y, m)}` });
    await expect(table).toBeVisible();
    await expect(table.getByRole("columnheader")).toHaveCount(7);
    const expected = inMonth(y, m);
    const links = table.getByRole("link");
    await expect(links).toHaveCount(expected.length);
    const shown = await links.evaluateAll((elements) => elements.map((element) => element.getAttribute("href")));
    expect(shown).toEqual(expected.map((event) => `${new URL(test.info().project.use.baseURL!).origin}${event.url}`));
  }

  await expectMonth(year, month);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.screenshot({ path: `${SHOTS}/widget-month-1280.png`, fullPage: true });

  // Keyboard only: Tab to "Next month", Enter twice, Shift+Tab to "Previous month", Enter.
  const next = root.getByRole("button", { name: /^Next month/ });
  const previous = root.getByRole("button", { name: /^Previous month/ });
  await expect(previous).toHaveAttribute("aria-disabled", "true");
  await previous.focus();
  await page.keyboard.press("Tab");
  await expect(next).toBeFocused();
  const later = (step: number) => {
    const index = year * 12 + month - 1 + step;
    return [Math.floor(index / 12), (index % 12) + 1] as const;
  };
  await page.keyboard.press("Enter");
  await expectMonth(...later(1));
  // The demo's 40-day season of prayer, begun this month, goes on in the next: each of its days says so.
  await expect(root.locator("li.continues").first()).toContainText(/^(all day|until \d{1,2}:\d{2}\s[AP]M) /);
  await page.screenshot({ path: `${SHOTS}/widget-month-next-1280.png`, fullPage: true });
  await expect(next).toBeFocused();
  await page.keyboard.press("Enter");
  await expectMonth(...later(2));
  await page.keyboard.press("Shift+Tab");
  await expect(previous).toBeFocused();
  await page.keyboard.press("Enter");
  await expectMonth(...later(1));
  await expect(root.getByRole("status")).toHaveText(new RegExp(`in ${monthName(...later(1))}\\.$`));

  // A phone: the grid keeps its days and the month's events are listed under it.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.keyboard.press("Enter");
  await expect(root.locator(".agenda")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/widget-month-375.png`, fullPage: true });
});

test("the church's colours come from attributes or from the host's custom properties", async ({ page }) => {
  await page.goto(
    hostPage(
      "/colours",
      `${scriptTag()}<church-calendar accent-color="#7a1f5c" background-color="#fdf8ee" text-color="#222222"></church-calendar>` +
        `<church-calendar class="themed"></church-calendar>` +
        // A hostile value is left out: the defaults stay and nothing else in the stylesheet changes.
        `<church-calendar accent-color="red;}:host{display:none" heading="Hostile colour"></church-calendar>`,
    ),
  );
  const colours = async (root: Locator) => {
    await expect(listItems(root).first()).toBeVisible();
    return root.evaluate((element) => {
      const section = element.shadowRoot!.querySelector("section")!;
      const link = element.shadowRoot!.querySelector("a")!;
      return { background: getComputedStyle(section).backgroundColor, text: getComputedStyle(section).color, link: getComputedStyle(link).color };
    });
  };
  expect(await colours(widget(page).nth(0))).toEqual({ background: "rgb(253, 248, 238)", text: "rgb(34, 34, 34)", link: "rgb(122, 31, 92)" });
  expect(await colours(widget(page).nth(1))).toEqual({ background: "rgb(241, 247, 238)", text: "rgb(16, 42, 20)", link: "rgb(29, 94, 47)" });
  expect(await colours(widget(page).nth(2))).toEqual({ background: "rgb(255, 255, 255)", text: "rgb(31, 41, 51)", link: "rgb(15, 76, 92)" });
});

test("the iframe fallback on another site shows the same calendar, and sets no cookie", async ({ page, context, request }) => {
  const type = await busiestType(request);
  const seen = await watchAppTraffic(context, page);
  const src = `${appOrigin()}/embed/calendar?type=${type}&limit=3`;
  await page.goto(hostPage("/frame", `<iframe src="${src}" title="Our calendar" width="100%" height="560" style="border:0"></iframe>`));
  const frame = page.frameLocator("iframe");
  const expected = await getFeed(request, { type, limit: 3 });
  await expectListMatches(widget(frame), expected.items);
  // Links leave the frame for the whole window.
  await expect(listItems(widget(frame)).first().getByRole("link")).toHaveAttribute("target", "_top");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/widget-iframe-1280.png`, fullPage: true });
  const inner = page.frames().find((candidate) => candidate.url().startsWith(src))!;
  expect(await inner.evaluate(() => document.cookie)).toBe("");
  await expect.poll(() => seen.some((entry) => entry.url.includes("/api/calendar/events/upcoming"))).toBe(true);
  expect(seen.filter((entry) => entry.cookie !== undefined || entry.setCookie !== undefined)).toEqual([]);
});

test("the /embed page builds a snippet that works when pasted into another site", async ({ page, request }) => {
  await page.goto("/embed");
  await expect(page.getByRole("heading", { level: 1, name: "Calendar widget" })).toBeVisible();
  const preview = page.getByTestId("embed-preview").locator("church-calendar");
  await expect(listItems(preview).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/embed-page-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS}/embed-page-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  const type = await busiestType(request);
  await page.getByLabel("Type").selectOption(type);
  await page.getByLabel("Events per page").fill("3");
  await page.getByLabel("Heading").fill("This week at church");
  const snippet = page.locator('code[data-snippet="script"]');
  await expect(snippet).toContainText(`type="${type}"`);
  await expect(snippet).toContainText('limit="3"');
  // The preview follows the choices.
  const expected = await getFeed(request, { type, limit: 3 });
  await expectListMatches(preview, expected.items);
  await expect(page.locator('code[data-snippet="iframe"]')).toContainText(`/embed/calendar?type=${type}&amp;limit=3`);

  const pasted = (await snippet.textContent())!;
  expect(pasted).toContain(`${appOrigin()}/embed/calendar.js`);
  const other = await page.context().newPage();
  await other.goto(hostPage("/pasted", pasted));
  await expect(widget(other).getByRole("heading", { name: "This week at church" })).toBeVisible();
  await expectListMatches(widget(other), expected.items);
  await other.close();
});
