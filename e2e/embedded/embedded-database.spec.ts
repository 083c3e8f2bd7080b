import { expect, test } from "@playwright/test";
import { upcomingFeedSchema } from "../support/calendar-contract.ts";

// The server started with no DATABASE_URL: it created, migrated and seeded the embedded PostgreSQL
// (PGlite) in an empty folder at start-up, as on a fresh machine.

test("is healthy on the embedded database", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok" });
});

test("serves the seeded demo calendar, paged to the end", async ({ request }) => {
  const seen = new Set<string>();
  let cursor: string | null = null;
  let previousStart = "";
  do {
    const response = await request.get(`/api/calendar/events/upcoming?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(response.status()).toBe(200);
    const page = upcomingFeedSchema.parse(await response.json());
    for (const event of page.items) {
      expect(seen.has(event.eventId)).toBe(false);
      seen.add(event.eventId);
    }
    const first = page.items[0];
    if (first) expect(`${first.startDate}`.localeCompare(previousStart.slice(0, 10))).toBeGreaterThanOrEqual(-1);
    previousStart = page.items.at(-1)?.startDate ?? previousStart;
    cursor = page.nextCursor;
  } while (cursor);
  expect(seen.size).toBeGreaterThan(250);
});

test("renders the calendar page from the embedded database", async ({ request }) => {
  const response = await request.get("/calendar");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain("<h1");
  expect(html).toMatch(/href="\/calendar\/[a-z0-9-]+"/);
});
