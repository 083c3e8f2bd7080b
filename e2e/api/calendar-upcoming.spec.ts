import { expect, test } from "@playwright/test";
import { CALENDAR_MESSAGES, EVENT_TYPES, publicCalendarEventSchema } from "../support/calendar-contract.ts";
import { feedUrl, getFeed, readWholeFeed } from "../support/calendar-client.ts";
import { expectedUpcomingIds, sql } from "../support/database.ts";

// GET /api/calendar/events/upcoming against the seeded PostgreSQL test database.

const REQUIRED_FIELDS = [
  "eventId", "slug", "url", "title", "description", "eventType", "startDate", "startTime", "endDate", "endTime",
  "timezone", "status", "visibility", "audience", "attendanceModes", "tags", "createdAt", "updatedAt",
];
const ALL_FIELDS = new Set([
  ...REQUIRED_FIELDS, "serviceType", "ministryId", "campusId", "seriesId", "capacity", "organizer", "imageUrl",
  "registrationUrl", "location",
]);

async function someValue(column: string): Promise<string> {
  const rows = await sql<{ value: string }>(
    `SELECT ${column}::text AS value FROM event WHERE visibility = 'public' AND status <> 'DRAFT' AND ${column} IS NOT NULL
     GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
  );
  expect(rows[0], `the seed has a ${column}`).toBeDefined();
  return rows[0]!.value;
}

test.describe("first page", () => {
  test("answers 10 events in start order with the exact field set", async ({ request }) => {
    const response = await request.get("/api/calendar/events/upcoming");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/json");
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(["items", "nextCursor"]);
    expect(body.items).toHaveLength(10);
    expect(typeof body.nextCursor).toBe("string");
    expect(body.items.map((item: { eventId: string }) => item.eventId)).toEqual((await expectedUpcomingIds()).slice(0, 10));
    for (const item of body.items as Record<string, unknown>[]) {
      publicCalendarEventSchema.parse(item);
      for (const field of REQUIRED_FIELDS) expect(item, field).toHaveProperty(field);
      for (const [field, value] of Object.entries(item)) {
        expect(ALL_FIELDS.has(field), `unexpected field ${field}`).toBe(true);
        expect(value, `${field} is omitted rather than null`).not.toBeNull();
      }
      expect(item.visibility).toBe("public");
      expect(item.url).toBe(`/calendar/${item.slug}`);
    }
  });

  test("is public, embeddable and cacheable", async ({ request }) => {
    const response = await request.get("/api/calendar/events/upcoming?limit=3");
    const headers = response.headers();
    expect(headers["access-control-allow-origin"]).toBe("*");
    expect(headers["cache-control"]).toMatch(/public/);
    expect(headers["cache-control"]).toMatch(/s-maxage=\d+/);
    expect(headers["etag"]).toMatch(/^"[A-Za-z0-9_-]+"$/);
  });

  test("answers a CORS preflight", async ({ request }) => {
    const response = await request.fetch("/api/calendar/events/upcoming", {
      method: "OPTIONS",
      headers: { Origin: "https://www.example.org", "Access-Control-Request-Method": "GET" },
    });
    expect(response.status()).toBe(204);
    expect(response.headers()["access-control-allow-origin"]).toBe("*");
    expect(response.headers()["access-control-allow-methods"]).toContain("GET");
  });

  test("respects limit", async ({ request }) => {
    expect((await getFeed(request, { limit: 1 })).items).toHaveLength(1);
    expect((await getFeed(request, { limit: 100 })).items).toHaveLength(100);
  });

  test("optional fields occur both present and absent across the feed", async ({ request }) => {
    const { events } = await readWholeFeed(request, { limit: 100 });
    for (const field of ["serviceType", "ministryId", "campusId", "seriesId", "capacity", "organizer", "imageUrl", "registrationUrl", "location"]) {
      const present = events.filter((event) => field in event).length;
      expect(present, `${field} present somewhere`).toBeGreaterThan(0);
      expect(present, `${field} absent somewhere`).toBeLessThan(events.length);
    }
    const withCoordinates = events.filter((event) => event.location?.coordinates);
    expect(withCoordinates.length).toBeGreaterThan(0);
    for (const event of withCoordinates) {
      expect(Object.keys(event.location!.coordinates!).sort()).toEqual(["latitude", "longitude"]);
    }
  });

  test("every served event says exactly what its database row says, its status as the clock says", async ({ request, baseURL }) => {
    const readFrom = Date.now();
    const { events } = await readWholeFeed(request, { limit: 100 });
    const readUntil = Date.now();
    const rows = await sql<Record<string, unknown>>(
      `SELECT id, slug, title, description, event_type::text, service_type, start_date, start_time, end_date, end_time, timezone, start_at, end_at,
              ministry_id, campus_id, series_id, status::text, visibility::text, audience, attendance_modes::text[] AS attendance_modes,
              capacity, organizer, image_url, registration_url, location_name, location_address, latitude, longitude, tags,
              created_at, updated_at
       FROM event WHERE id = ANY($1)`,
      [events.map((event) => event.eventId)],
    );
    const byId = new Map(rows.map((row) => [row.id as string, row]));
    const optional = <T>(value: T | null) => (value === null ? undefined : value);
    // Stored SCHEDULED is running from start_at to end_at (docs/decisions/0034). The pages were read over
    // [readFrom, readUntil]: an event that started or ended meanwhile may be told either way.
    const statusAt = (row: Record<string, unknown>, now: number) =>
      row.status !== "SCHEDULED" ? row.status : now < (row.start_at as Date).getTime() ? "SCHEDULED" : now <= (row.end_at as Date).getTime() ? "ACTIVE" : "COMPLETED";
    for (const event of events) {
      const row = byId.get(event.eventId)!;
      const status = [statusAt(row, readFrom), statusAt(row, readUntil)].includes(event.status) ? event.status : statusAt(row, readUntil);
      const location =
        row.location_name !== null && row.location_address !== null
          ? {
              name: row.location_name,
              address: row.location_address,
              ...(row.latitude !== null && row.longitude !== null && { coordinates: { latitude: row.latitude, longitude: row.longitude } }),
            }
          : undefined;
      const imageUrl = row.image_url === null ? undefined : (row.image_url as string).startsWith("/") ? `${baseURL}${row.image_url}` : row.image_url;
      const expected = {
        eventId: row.id, slug: row.slug, url: `/calendar/${row.slug}`, title: row.title, description: row.description,
        eventType: row.event_type, serviceType: optional(row.service_type), startDate: row.start_date, startTime: row.start_time,
        endDate: row.end_date, endTime: row.end_time, timezone: row.timezone, ministryId: optional(row.ministry_id),
        campusId: optional(row.campus_id), seriesId: optional(row.series_id), status, visibility: row.visibility,
        audience: row.audience, attendanceModes: row.attendance_modes, capacity: optional(row.capacity), organizer: optional(row.organizer),
        imageUrl, registrationUrl: optional(row.registration_url), location, tags: row.tags,
        createdAt: (row.created_at as Date).toISOString(), updatedAt: (row.updated_at as Date).toISOString(),
      };
      const withoutUndefined = Object.fromEntries(Object.entries(expected).filter(([, value]) => value !== undefined));
      expect(event, event.eventId).toStrictEqual(withoutUndefined);
    }
  });

  test("keeps cancelled and postponed events, shows no drafts and no non-public events", async ({ request }) => {
    const { events } = await readWholeFeed(request, { limit: 100 });
    const statuses = new Set<string>(events.map((event) => event.status));
    expect(statuses.has("CANCELLED")).toBe(true);
    expect(statuses.has("POSTPONED")).toBe(true);
    expect(statuses.has("DRAFT")).toBe(false);
    expect(events.every((event) => event.visibility === "public")).toBe(true);
    const hidden = await sql<{ id: string }>(`SELECT id FROM event WHERE status = 'DRAFT' OR visibility <> 'public'`);
    expect(hidden.length, "the seed has drafts and non-public events").toBeGreaterThan(0);
    const served = new Set(events.map((event) => event.eventId));
    for (const { id } of hidden) expect(served.has(id), id).toBe(false);
  });
});

test.describe("paging", () => {
  for (const limit of [1, 7, 10, 100]) {
    test(`limit ${limit}: every upcoming event exactly once, in order`, async ({ request }) => {
      const expected = await expectedUpcomingIds();
      const { events, pages } = await readWholeFeed(request, { limit });
      expect(events.map((event) => event.eventId)).toEqual(expected);
      expect(pages).toBe(Math.max(1, Math.ceil(expected.length / limit)));
    });
  }

  test("the last page has nextCursor null", async ({ request }) => {
    const total = (await expectedUpcomingIds()).length;
    const page = await getFeed(request, { limit: 100 });
    expect(page.nextCursor).not.toBeNull();
    const all = await readWholeFeed(request, { limit: 100 });
    expect(all.events).toHaveLength(total);
  });
});

test.describe("filters", () => {
  for (const type of EVENT_TYPES) {
    test(`type=${type}`, async ({ request }) => {
      const { events } = await readWholeFeed(request, { type, limit: 50 });
      expect(events.map((event) => event.eventId)).toEqual(await expectedUpcomingIds({ type }));
      expect(events.length, `the seed has upcoming ${type} events`).toBeGreaterThan(0);
      expect(events.every((event) => event.eventType === type)).toBe(true);
    });
  }

  test("campusId, ministryId and audience alone", async ({ request }) => {
    const campusId = await someValue("campus_id");
    const ministryId = await someValue("ministry_id");
    for (const filters of [{ campusId }, { ministryId }, { audience: "youth" }, { audience: "newcomers" }]) {
      const { events } = await readWholeFeed(request, { ...filters, limit: 25 });
      const expected = await expectedUpcomingIds(filters);
      expect(expected.length, JSON.stringify(filters)).toBeGreaterThan(0);
      expect(events.map((event) => event.eventId)).toEqual(expected);
    }
  });

  test("combined filters narrow with AND", async ({ request }) => {
    const campusId = await someValue("campus_id");
    const combinations = [
      { type: "SERVICE", campusId },
      { campusId, audience: "members" },
      { type: "LIFE_GROUP", audience: "adults", campusId },
    ];
    for (const filters of combinations) {
      const { events } = await readWholeFeed(request, { ...filters, limit: 10 });
      const expected = await expectedUpcomingIds(filters);
      expect(events.map((event) => event.eventId)).toEqual(expected);
      for (const event of events) {
        if (filters.type) expect(event.eventType).toBe(filters.type);
        expect(event.campusId).toBe(campusId);
        if (filters.audience) expect(event.audience).toContain(filters.audience);
      }
    }
  });

  test("unknown ministry, campus or audience values give an empty page, not an error", async ({ request }) => {
    for (const filters of [{ ministryId: "min_nope" }, { campusId: "cmp_nope" }, { audience: "martians" }]) {
      const response = await request.get(feedUrl(filters));
      expect(response.status()).toBe(200);
      expect(await response.json()).toEqual({ items: [], nextCursor: null });
    }
  });
});

test.describe("cursor", () => {
  test("a cursor used with other filters is refused", async ({ request }) => {
    const page = await getFeed(request, { type: "SERVICE", limit: 2 });
    const response = await request.get(feedUrl({ type: "COURSE", limit: 2, cursor: page.nextCursor! }));
    expect(response.status()).toBe(400);
    expect(await response.json()).toEqual({ error: true, message: CALENDAR_MESSAGES.cursor, statusCode: 400 });
  });

  test("a tampered cursor is refused", async ({ request }) => {
    const page = await getFeed(request, { limit: 2 });
    const [payload, signature] = page.nextCursor!.split(".");
    const decoded = JSON.parse(Buffer.from(payload!, "base64url").toString()) as [number, string];
    const forged = Buffer.from(JSON.stringify([decoded[0] + 86_400_000, decoded[1]])).toString("base64url");
    const response = await request.get(feedUrl({ limit: 2, cursor: `${forged}.${signature}` }));
    expect(response.status()).toBe(400);
    expect(await response.json()).toEqual({ error: true, message: CALENDAR_MESSAGES.cursor, statusCode: 400 });
  });
});

test.describe("errors", () => {
  const limitError = { error: true, message: CALENDAR_MESSAGES.limit, statusCode: 400, details: [CALENDAR_MESSAGES.limit] };
  const typeError = { error: true, message: CALENDAR_MESSAGES.type, statusCode: 400, details: [CALENDAR_MESSAGES.type] };
  const cursorError = { error: true, message: CALENDAR_MESSAGES.cursor, statusCode: 400, details: [CALENDAR_MESSAGES.cursor] };
  const cases: [string, string, object][] = [
    ["limit 0", "limit=0", limitError],
    ["limit 101", "limit=101", limitError],
    ["limit -1", "limit=-1", limitError],
    ["limit not a number", "limit=ten", limitError],
    ["limit fractional", "limit=1.5", limitError],
    ["limit empty", "limit=", limitError],
    ["limit huge", "limit=99999999999999999999", limitError],
    ["type unknown", "type=PICNIC", typeError],
    ["type lower case", "type=service", typeError],
    ["cursor garbage", "cursor=not-a-cursor", { error: true, message: CALENDAR_MESSAGES.cursor, statusCode: 400 }],
    ["cursor empty", "cursor=", cursorError],
    ["cursor with three parts", "cursor=a.b.c", { error: true, message: CALENDAR_MESSAGES.cursor, statusCode: 400 }],
    ["limit and type both bad", "limit=0&type=PICNIC", { ...limitError, details: [CALENDAR_MESSAGES.limit, CALENDAR_MESSAGES.type] }],
    [
      "a NUL byte in a filter",
      "campusId=cmp%00x",
      { error: true, message: "campusId must not contain control characters", statusCode: 400, details: ["campusId must not contain control characters"] },
    ],
    [
      "a control character in the audience",
      "audience=you%01th",
      { error: true, message: "audience must not contain control characters", statusCode: 400, details: ["audience must not contain control characters"] },
    ],
    [
      "a repeated parameter",
      "type=SERVICE&type=COURSE",
      { error: true, message: "type must be given at most once", statusCode: 400, details: ["type must be given at most once"] },
    ],
  ];
  for (const [label, query, body] of cases) {
    test(`${label} → 400`, async ({ request }) => {
      const response = await request.get(`/api/calendar/events/upcoming?${query}`);
      expect(response.status()).toBe(400);
      expect(response.headers()["access-control-allow-origin"]).toBe("*");
      expect(response.headers()["cache-control"]).toBe("no-store");
      expect(await response.json()).toEqual(body);
    });
  }

  test("unknown query parameters are ignored", async ({ request }) => {
    const plain = await getFeed(request, { limit: 3 });
    const busted = await getFeed(request, { limit: 3, _: "1700000000" });
    expect(busted).toEqual(plain);
  });
});

test.describe("conditional requests", () => {
  test("a matching If-None-Match gets 304 with no body; a stale one gets the page", async ({ request }) => {
    const first = await request.get("/api/calendar/events/upcoming?limit=5");
    const etag = first.headers()["etag"]!;
    for (const header of [etag, `W/${etag}`, `"nope", ${etag}`, "*"]) {
      const revalidated = await request.get("/api/calendar/events/upcoming?limit=5", { headers: { "If-None-Match": header } });
      expect(revalidated.status(), header).toBe(304);
      expect(revalidated.headers()["etag"]).toBe(etag);
      expect(await revalidated.body()).toHaveLength(0);
    }
    const stale = await request.get("/api/calendar/events/upcoming?limit=5", { headers: { "If-None-Match": '"something-else"' } });
    expect(stale.status()).toBe(200);
    expect((await stale.json()).items).toHaveLength(5);
  });

  test("different pages have different tags", async ({ request }) => {
    const a = await request.get("/api/calendar/events/upcoming?limit=5");
    const b = await request.get("/api/calendar/events/upcoming?limit=6");
    expect(a.headers()["etag"]).not.toBe(b.headers()["etag"]);
  });
});
