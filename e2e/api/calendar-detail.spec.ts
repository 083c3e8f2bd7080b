import { expect, test } from "@playwright/test";
import { CALENDAR_MESSAGES, eventDetailSchema } from "../support/calendar-contract.ts";
import { getFeed } from "../support/calendar-client.ts";
import { sql } from "../support/database.ts";

// GET /api/calendar/events/{eventId} against the seeded PostgreSQL test database.

const notFound = { error: true, message: CALENDAR_MESSAGES.notFound, statusCode: 404 };

test("by id: the same event as in the feed, with its ministry and campus", async ({ request }) => {
  const { items } = await getFeed(request, { limit: 100 });
  const event = items.find((item) => item.ministryId && item.campusId)!;
  expect(event).toBeDefined();
  const response = await request.get(`/api/calendar/events/${event.eventId}`);
  expect(response.status()).toBe(200);
  expect(response.headers()["access-control-allow-origin"]).toBe("*");
  expect(response.headers()["etag"]).toBeTruthy();
  const detail = eventDetailSchema.parse(await response.json());
  expect(detail.event).toEqual(event);
  const [names] = await sql<{ ministry: string; campus: string }>(
    `SELECT m.name AS ministry, c.name AS campus FROM event e JOIN ministry m ON m.id = e.ministry_id JOIN campus c ON c.id = e.campus_id WHERE e.id = $1`,
    [event.eventId],
  );
  expect(detail.ministry).toEqual({ ministryId: event.ministryId, name: names!.ministry });
  expect(detail.campus).toEqual({ campusId: event.campusId, name: names!.campus });
});

test("by slug: the same answer as by id", async ({ request }) => {
  const { items } = await getFeed(request, { limit: 5 });
  const event = items[0]!;
  const byId = await (await request.get(`/api/calendar/events/${event.eventId}`)).json();
  const bySlug = await request.get(`/api/calendar/events/${event.slug}`);
  expect(bySlug.status()).toBe(200);
  expect(await bySlug.json()).toEqual(byId);
});

test("an event with no ministry or campus has neither key", async ({ request }) => {
  const [row] = await sql<{ id: string }>(
    `SELECT id FROM event WHERE visibility = 'public' AND status <> 'DRAFT' AND (ministry_id IS NULL OR campus_id IS NULL) LIMIT 1`,
  );
  expect(row, "the seed has such an event").toBeDefined();
  const body = await (await request.get(`/api/calendar/events/${row!.id}`)).json();
  if (!body.event.ministryId) expect(body).not.toHaveProperty("ministry");
  if (!body.event.campusId) expect(body).not.toHaveProperty("campus");
});

test("drafts and non-public events are not found, by id and by slug, exactly like unknown ids", async ({ request }) => {
  const hidden = await sql<{ id: string; slug: string; why: string }>(
    `(SELECT id, slug, 'draft' AS why FROM event WHERE status = 'DRAFT' AND visibility = 'public' LIMIT 2)
     UNION ALL (SELECT id, slug, visibility::text FROM event WHERE visibility <> 'public' AND status <> 'DRAFT' LIMIT 2)`,
  );
  expect(hidden.map((row) => row.why)).toContain("draft");
  expect(hidden.some((row) => row.why !== "draft")).toBe(true);
  for (const row of hidden) {
    for (const key of [row.id, row.slug]) {
      const response = await request.get(`/api/calendar/events/${key}`);
      expect(response.status(), `${row.why} ${key}`).toBe(404);
      expect(await response.json()).toEqual(notFound);
    }
  }
});

const errorCases: [string, string, number, object][] = [
  ["unknown id", "/api/calendar/events/evt_doesnotexist", 404, notFound],
  ["unknown slug", "/api/calendar/events/no-such-event-anywhere", 404, notFound],
  ["an absurdly long id", `/api/calendar/events/${"x".repeat(500)}`, 404, notFound],
  ["a NUL byte in the id", "/api/calendar/events/evt_%00abc", 404, notFound],
  ["a NUL byte in the slug", "/api/calendar/events/%00some-slug", 404, notFound],
  ["SQL in the id", `/api/calendar/events/${encodeURIComponent("' OR 1=1 --")}`, 404, notFound],
  ["no id at all", "/api/calendar/events", 400, { error: true, message: CALENDAR_MESSAGES.eventIdMissing, statusCode: 400 }],
  [
    "a blank id",
    "/api/calendar/events/%20",
    400,
    { error: true, message: CALENDAR_MESSAGES.eventIdMissing, statusCode: 400, details: [CALENDAR_MESSAGES.eventIdMissing] },
  ],
];
for (const [label, path, status, body] of errorCases) {
  test(`${label} → ${status}`, async ({ request }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(status);
    expect(response.headers()["access-control-allow-origin"]).toBe("*");
    expect(await response.json()).toEqual(body);
  });
}

test("304 on a matching If-None-Match", async ({ request }) => {
  const { items } = await getFeed(request, { limit: 1 });
  const path = `/api/calendar/events/${items[0]!.eventId}`;
  const first = await request.get(path);
  const revalidated = await request.get(path, { headers: { "If-None-Match": first.headers()["etag"]! } });
  expect(revalidated.status()).toBe(304);
});
