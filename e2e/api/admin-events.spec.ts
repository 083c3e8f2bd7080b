import { expect, test } from "@playwright/test";
import { calendarEventSchema } from "../support/calendar-contract.ts";
import { createCampus, createEvent, daysFromNow, eventBody, staffWithToken, uniqueWord } from "../support/admin.ts";
import { feedUrl } from "../support/calendar-client.ts";
import { api, callFromOwnIp, conflict, invalidRequest, notFound } from "../support/contacts.ts";
import { sql } from "../support/database.ts";
import { ISSUER } from "../support/oauth-client.ts";

/**
 * Events through the staff API (docs/decisions/0017): created as drafts, edited, published, postponed and
 * cancelled, in the CalendarEvent shape; and every change is in the very next answer of the public feed and
 * the event detail, though the feed's in-process cache (CALENDAR_CACHE_SECONDS, 30 s on the test server)
 * was warm and a client revalidates with the ETag it holds.
 */
callFromOwnIp();

const BASE = "/api/v1/admin/events";
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const EVENT_ID = /^evt_[0-9a-z]{10}$/;

let token: string;
test.beforeAll(async () => {
  ({ token } = await staffWithToken("adm-events"));
});

test("create: 201 with a DRAFT in the CalendarEvent shape, a slug from title and date, instants DST-correct; not public until published", async ({ request }) => {
  const campus = await createCampus(token, undefined, "Europe/London");
  const word = uniqueWord();
  // 2027-03-28 is the day the UK clocks go forward: 09:30 local is BST (UTC+1).
  const body = eventBody({ title: `Easter Sunday ${word}`, startDate: "2027-03-28", endDate: "2027-03-28", startTime: "09:30", endTime: "11:00", timezone: "Europe/London", campusId: campus.id, capacity: 120, location: { name: "Main hall", address: "1 Quay St", coordinates: { latitude: 50.1, longitude: -5.5 } } });
  const created = await api("POST", BASE, token, { body });
  expect(created.status).toBe(201);
  expect(created.headers.get("cache-control")).toBe("no-store");
  const slug = `easter-sunday-${word.toLowerCase()}-2027-03-28`;
  expect(created.body).toEqual({
    eventId: expect.stringMatching(EVENT_ID),
    slug,
    url: `/calendar/${slug}`,
    title: `Easter Sunday ${word}`,
    description: "<p>Bring a dish to share.</p>",
    eventType: "SPECIAL_EVENT",
    startDate: "2027-03-28",
    startTime: "09:30",
    endDate: "2027-03-28",
    endTime: "11:00",
    timezone: "Europe/London",
    campusId: campus.id,
    status: "DRAFT",
    visibility: "public",
    audience: ["families"],
    attendanceModes: ["MANUAL"],
    capacity: 120,
    location: { name: "Main hall", address: "1 Quay St", coordinates: { latitude: 50.1, longitude: -5.5 } },
    tags: ["food"],
    createdAt: expect.stringMatching(ISO),
    updatedAt: expect.stringMatching(ISO),
  });
  calendarEventSchema.parse(created.body);
  const [row] = await sql<{ start_at: Date; end_at: Date }>(`SELECT start_at, end_at FROM event WHERE id = $1`, [created.body.eventId]);
  expect(row!.start_at.toISOString()).toBe("2027-03-28T08:30:00.000Z");
  expect(row!.end_at.toISOString()).toBe("2027-03-28T10:00:00.000Z");

  expect((await request.get(`/api/calendar/events/${slug}`)).status()).toBe(404);
  expect((await api("GET", `${BASE}/${slug}`, token)).body).toEqual(created.body);
  expect((await api("GET", `${BASE}/${created.body.eventId}`, token)).body).toEqual(created.body);

  // The same title and date again: the slug gets a counter.
  const again = await api("POST", BASE, token, { body });
  expect(again.body.slug).toBe(`${slug}-2`);
  const taken = await api("POST", BASE, token, { body: { ...body, slug } });
  expect(taken.status).toBe(409);
  expect(taken.body).toEqual(conflict("slug: another event already uses this address"));
});

test("a published change is in the next feed answer, with a warm cache and an old ETag; so is a write by another instance", async ({ request }) => {
  const campus = await createCampus(token);
  const event = await createEvent(token, { campusId: campus.id });
  const url = feedUrl({ campusId: campus.id });

  const empty = await request.get(url);
  expect((await empty.json()).items).toEqual([]);
  const emptyTag = empty.headers()["etag"]!;
  expect(empty.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=300");
  // Warm: the same answer again from the in-process cache.
  expect((await request.get(url, { headers: { "If-None-Match": emptyTag } })).status()).toBe(304);

  const published = await api("POST", `${BASE}/${event.eventId}/publish`, token);
  expect(published.status).toBe(200);
  expect(published.body).toEqual({ ...event, status: "SCHEDULED", updatedAt: expect.stringMatching(ISO) });
  const afterPublish = await request.get(url, { headers: { "If-None-Match": emptyTag } });
  expect(afterPublish.status()).toBe(200);
  expect((await afterPublish.json()).items).toEqual([published.body]);
  expect((await (await request.get(`/api/calendar/events/${event.slug}`)).json()).event).toEqual(published.body);

  const renamed = await api("PATCH", `${BASE}/${event.eventId}`, token, { body: { title: "Renamed supper", startTime: "17:30", capacity: null } });
  expect(renamed.status).toBe(200);
  expect(renamed.body).toEqual({ ...published.body, title: "Renamed supper", startTime: "17:30", updatedAt: expect.stringMatching(ISO) });
  expect((await (await request.get(url)).json()).items).toEqual([renamed.body]);

  const cancelled = await api("POST", `${BASE}/${event.eventId}/cancel`, token);
  expect(cancelled.body.status).toBe("CANCELLED");
  const feed = await (await request.get(url)).json();
  expect(feed.items.map((item: { status: string }) => item.status)).toEqual(["CANCELLED"]);
  expect((await (await request.get(`/api/calendar/events/${event.eventId}`)).json()).event.status).toBe("CANCELLED");

  // Another instance's write reaches this one through PostgreSQL alone: a change made in SQL, not through
  // this server, is in its next answer too (the trigger bumps the version the cache is keyed by).
  await sql(`UPDATE event SET title = 'Changed elsewhere' WHERE id = $1`, [event.eventId]);
  expect((await (await request.get(url)).json()).items[0].title).toBe("Changed elsewhere");
  await sql(`INSERT INTO ministry (id, name) VALUES ($1, 'Elsewhere')`, [`min_${uniqueWord().toLowerCase()}`]);
  const [version] = await sql<{ version: string }>(`SELECT version::text AS version FROM calendar_version WHERE id = 1`);
  expect(Number(version!.version)).toBeGreaterThan(0);
});

test("status changes: publish, postpone, publish again, cancel; repeats answer the same; nonsense is a conflict", async () => {
  const event = await createEvent(token);
  const path = (verb: string) => `${BASE}/${event.eventId}/${verb}`;
  const cancelDraft = await api("POST", path("cancel"), token);
  expect(cancelDraft.status).toBe(409);
  expect(cancelDraft.body).toEqual(conflict("a DRAFT event cannot be cancelled"));
  expect((await api("POST", path("postpone"), token)).body).toEqual(conflict("a DRAFT event cannot be postponed"));

  expect((await api("POST", path("publish"), token)).body.status).toBe("SCHEDULED");
  const again = await api("POST", path("publish"), token);
  expect(again.status).toBe(200);
  expect(again.body.status).toBe("SCHEDULED");
  expect((await api("POST", path("postpone"), token)).body.status).toBe("POSTPONED");
  expect((await api("POST", path("postpone"), token)).body.status).toBe("POSTPONED");
  expect((await api("POST", path("publish"), token)).body.status).toBe("SCHEDULED");
  expect((await api("POST", path("cancel"), token)).body.status).toBe("CANCELLED");
  expect((await api("POST", path("postpone"), token)).body).toEqual(conflict("a CANCELLED event cannot be postponed"));
  // Once it is over it is COMPLETED, by the clock (docs/decisions/0034): too late to cancel or postpone.
  expect((await api("POST", path("publish"), token)).body.status).toBe("SCHEDULED");
  expect((await api("PATCH", `${BASE}/${event.eventId}`, token, { body: { startDate: daysFromNow(-3), endDate: daysFromNow(-3) } })).body.status).toBe("COMPLETED");
  expect((await api("POST", path("cancel"), token)).body).toEqual(conflict("a COMPLETED event cannot be cancelled"));
});

test("list: search, status filter, sort both ways, paging with the true total", async () => {
  const word = uniqueWord();
  const titles = [`${word} Alpha`, `${word} Bravo`, `${word} Charlie`];
  const ids: string[] = [];
  for (const [index, title] of titles.entries()) ids.push((await createEvent(token, { title, startDate: daysFromNow(20 - index), endDate: daysFromNow(20 - index) })).eventId);
  await api("POST", `${BASE}/${ids[1]}/publish`, token);

  const first = await api("GET", `${BASE}?q=${word}&per=2&sort=title`, token);
  expect(first.status).toBe(200);
  expect(first.body.metadata).toEqual({ total: 3, page: 1, per: 2 });
  expect(first.body.items.map((item: { title: string }) => item.title)).toEqual(titles.slice(0, 2));
  const second = await api("GET", `${BASE}?q=${word.toLowerCase()}&per=2&page=2&sort=title`, token);
  expect(second.body).toEqual({ metadata: { total: 3, page: 2, per: 2 }, items: [expect.objectContaining({ title: titles[2] })] });
  const descending = await api("GET", `${BASE}?q=${word}&sort=-title`, token);
  expect(descending.body.items.map((item: { title: string }) => item.title)).toEqual([...titles].reverse());
  // Default order: by start instant; the third was made to start first.
  expect((await api("GET", `${BASE}?q=${word}`, token)).body.items.map((item: { eventId: string }) => item.eventId)).toEqual([...ids].reverse());
  const drafts = await api("GET", `${BASE}?q=${word}&status=DRAFT`, token);
  expect(drafts.body.metadata.total).toBe(2);
  expect((await api("GET", `${BASE}?q=${word}&status=SCHEDULED`, token)).body.items.map((item: { eventId: string }) => item.eventId)).toEqual([ids[1]]);
  expect((await api("GET", `${BASE}?status=LIVE`, token)).body).toEqual(invalidRequest("status: must be one of DRAFT, SCHEDULED, ACTIVE, COMPLETED, CANCELLED, POSTPONED"));
  // Wildcards are searched for literally.
  expect((await api("GET", `${BASE}?q=${encodeURIComponent("%_%")}`, token)).body.metadata.total).toBe(0);
});

test("create and edit refuse malformed bodies with the field named, and change nothing", async () => {
  const cases: [body: unknown, description: string][] = [
    [eventBody({ title: "" }), "title: must be from 1 to 200 characters"],
    [eventBody({ title: 42 }), "title: must be from 1 to 200 characters"],
    [eventBody({ eventType: "PARTY" }), "eventType: must be one of SERVICE, CONFERENCE, COURSE, SPECIAL_EVENT, PRAYER_CAMPAIGN, LIFE_GROUP, CAMP, WORKSHOP"],
    [eventBody({ startDate: "2027-02-30" }), "startDate: must be a date that exists"],
    [eventBody({ startTime: "25:00" }), "startTime: must be a time HH:MM (24-hour)"],
    [eventBody({ timezone: "Mars/Olympus" }), "timezone: must be an IANA time zone such as America/New_York"],
    [eventBody({ endTime: "17:00" }), "endDate: an event cannot end before it starts"],
    [eventBody({ endDate: daysFromNow(80) }), "endDate: an event may last at most 62 days"],
    [eventBody({ campusId: "cmp_nowhere" }), "campusId: no such campus"],
    [eventBody({ ministryId: "nope" }), "ministryId: must be an id starting min_"],
    [eventBody({ capacity: 0 }), "capacity: must be a whole number from 1 to 1000000"],
    [eventBody({ registrationUrl: "javascript:alert(1)" }), "registrationUrl: must be an http(s) URL"],
    [eventBody({ status: "SCHEDULED" }), 'Unrecognized key: "status"'],
    [eventBody({ slug: "Not A Slug" }), "slug: must be lower-case letters, digits and dashes, 3-120 characters"],
    [eventBody({ audience: ["youth", ""] }), "audience.1: each audience must be from 1 to 40 characters"],
    [["a list"], "Invalid input: expected object, received array"],
  ];
  for (const [body, description] of cases) {
    const answer = await api("POST", BASE, token, { body });
    expect(answer.status, description).toBe(400);
    expect(answer.body).toEqual(invalidRequest(description));
  }
  // Nothing was written: none of those titles is in the database.
  const titles = cases.map(([body]) => (body as { title?: unknown }).title).filter((title) => typeof title === "string");
  expect(await sql(`SELECT id FROM event WHERE title = ANY($1)`, [titles])).toEqual([]);
  expect((await api("POST", BASE, token, { rawBody: "{not json" })).body).toEqual(invalidRequest("the body is not valid JSON"));
  expect((await api("POST", BASE, token, { rawBody: "title=x", headers: { "content-type": "application/x-www-form-urlencoded" } })).body).toEqual(invalidRequest("the body must be application/json"));

  const event = await createEvent(token);
  const edits: [body: unknown, description: string][] = [
    [{}, "the body must change at least one field"],
    [{ endTime: "10:00" }, "endDate: an event cannot end before it starts"],
    [{ visibility: "secret" }, "visibility: must be one of public, members, private"],
    [{ eventId: "evt_other" }, 'Unrecognized key: "eventId"'],
  ];
  for (const [body, description] of edits) {
    const answer = await api("PATCH", `${BASE}/${event.eventId}`, token, { body });
    expect(answer.status, description).toBe(400);
    expect(answer.body).toEqual(invalidRequest(description));
  }
  expect((await api("GET", `${BASE}/${event.eventId}`, token)).body).toEqual(event);
});

test("ministries and campuses: listed with event counts, created with made ids, searched", async () => {
  const name = `Ministry ${uniqueWord()}`;
  const ministry = await api("POST", "/api/v1/admin/ministries", token, { body: { name } });
  expect(ministry.status).toBe(201);
  expect(ministry.body).toEqual({ id: expect.stringMatching(/^min_[0-9a-z]{10}$/), name, event_count: 0, created_at: expect.stringMatching(ISO) });
  await createEvent(token, { ministryId: ministry.body.id });
  expect((await api("GET", `/api/v1/admin/ministries?q=${encodeURIComponent(name)}`, token)).body).toEqual({
    metadata: { total: 1, page: 1, per: 20 },
    items: [{ ...ministry.body, event_count: 1 }],
  });
  const campus = await createCampus(token, `Campus ${uniqueWord()}`, "Asia/Tokyo");
  expect((await api("GET", `/api/v1/admin/campuses?q=${encodeURIComponent(campus.name)}`, token)).body.items).toEqual([{ ...campus, event_count: 0 }]);
  expect((await api("POST", "/api/v1/admin/campuses", token, { body: { name: "X", timezone: "Nowhere/City" } })).body).toEqual(
    invalidRequest("timezone: must be an IANA time zone such as America/New_York"),
  );
  expect((await api("POST", "/api/v1/admin/ministries", token, { body: { name: "  " } })).body).toEqual(invalidRequest("name: must be from 1 to 120 characters"));
});

test("ministries and campuses are renamed, a campus moved to another time zone; the feed shows the new name at once; bad edits change nothing", async () => {
  const ministry = (await api("POST", "/api/v1/admin/ministries", token, { body: { name: `Ministry ${uniqueWord()}` } })).body;
  const event = await createEvent(token, { ministryId: ministry.id });
  const renamed = `Renamed ${uniqueWord()}`;
  expect(await api("PATCH", `/api/v1/admin/ministries/${ministry.id}`, token, { body: { name: `  ${renamed} ` } })).toMatchObject({
    status: 200,
    body: { id: ministry.id, name: renamed, event_count: 1, created_at: ministry.created_at },
  });
  // Published, the public event page shows the new name at once (the calendar's version moved with the write).
  expect((await api("POST", `${BASE}/${event.eventId}/publish`, token)).status).toBe(200);
  await api("PATCH", `/api/v1/admin/ministries/${ministry.id}`, token, { body: { name: `${renamed} Team` } });
  const published = (await (await fetch(new URL(`/api/calendar/events/${event.eventId}`, ISSUER))).json()) as { ministry?: unknown };
  expect(published.ministry).toEqual({ ministryId: ministry.id, name: `${renamed} Team` });

  const campus = await createCampus(token, `Campus ${uniqueWord()}`, "Asia/Tokyo");
  expect(await api("PATCH", `/api/v1/admin/campuses/${campus.id}`, token, { body: { timezone: "Pacific/Auckland" } })).toMatchObject({
    status: 200,
    body: { id: campus.id, name: campus.name, timezone: "Pacific/Auckland", event_count: 0 },
  });
  for (const [path, body, expected] of [
    [`/api/v1/admin/campuses/${campus.id}`, { timezone: "Mars/Olympus" }, invalidRequest("timezone: must be an IANA time zone such as America/New_York")],
    [`/api/v1/admin/campuses/${campus.id}`, {}, invalidRequest("the body must change at least one field")],
    [`/api/v1/admin/campuses/${campus.id}`, { name: "" }, invalidRequest("name: must be from 1 to 120 characters")],
    [`/api/v1/admin/ministries/${ministry.id}`, { name: "x", extra: 1 }, invalidRequest('Unrecognized key: "extra"')],
    ["/api/v1/admin/campuses/cmp_zzzzzzzzzz", { name: "Nowhere" }, notFound("campus")],
    ["/api/v1/admin/ministries/min_zzzzzzzzzz", { name: "Nobody" }, notFound("ministry")],
  ] as const) {
    expect((await api("PATCH", path, token, { body })).body).toEqual(expected);
  }
  expect(await sql(`SELECT name, timezone FROM campus WHERE id = $1`, [campus.id])).toEqual([{ name: campus.name, timezone: "Pacific/Auckland" }]);
});

test("an unknown event is not_found for every verb", async () => {
  for (const [method, path] of [["GET", `${BASE}/evt_zzzzzzzzzz`], ["GET", `${BASE}/no-such-slug`], ["POST", `${BASE}/evt_zzzzzzzzzz/publish`]] as const) {
    expect((await api(method, path, token)).body).toEqual(notFound("event"));
  }
});
