import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { getFeed } from "../support/calendar-client.ts";
import { sql } from "../support/database.ts";
import { POSTGRES_SERVER_LOG } from "../support/test-env.ts";

// `npm start`'s server answers GET and HEAD of the public calendar before Next's router (docs/decisions/0029).
// Every answer here is asked twice of the same server: once as any client asks (the fast path) and once with
// `x-calendar-fast-path: off`, which the test server (CALENDAR_FAST_PATH_TEST_SWITCH=1, playwright.config.ts)
// hands to Next's router. The access log says which one answered. Status, headers and body must agree.

/**
 * Framing, set by whoever writes the bytes: not part of the answer. Next streams a route's body in chunks;
 * the fast path knows it whole and sends its length (checked below).
 */
const TRANSPORT = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  contentLength: string | undefined;
}

async function answerOf(response: APIResponse): Promise<Answer> {
  const headers: Record<string, string> = {};
  for (const { name, value } of response.headersArray()) {
    const key = name.toLowerCase();
    if (!TRANSPORT.has(key)) headers[key] = headers[key] === undefined ? value : `${headers[key]}, ${value}`;
  }
  return { status: response.status(), headers, body: await response.body(), contentLength: response.headers()["content-length"] };
}

async function accessLogLine(requestId: string): Promise<Record<string, unknown>> {
  let line: Record<string, unknown> | undefined;
  await expect
    .poll(async () => {
      const found = (await readFile(POSTGRES_SERVER_LOG, "utf8")).split("\n").find((text) => text.includes(`"requestId":"${requestId}"`) && text.includes('"msg":"request"'));
      line = found ? (JSON.parse(found) as Record<string, unknown>) : undefined;
      return line !== undefined;
    })
    .toBe(true);
  return line!;
}

type Method = "GET" | "HEAD";

/** The same request both ways; answers both, after checking from the access log who answered each. */
async function bothWays(request: APIRequestContext, method: Method, target: string, headers: Record<string, string> = {}): Promise<{ fast: Answer; next: Answer }> {
  const id = `fastpath-${randomUUID()}`;
  const send = (extra: Record<string, string>) => request.fetch(target, { method, headers: { ...headers, ...extra }, maxRedirects: 0 });
  // The same request id both ways, so X-Request-Id is compared too; the log tells the two lines apart.
  const fast = await answerOf(await send({ "x-request-id": `${id}-a` }));
  const next = await answerOf(await send({ "x-request-id": `${id}-b`, "x-calendar-fast-path": "off" }));
  expect((await accessLogLine(`${id}-a`)).fastPath, `${method} ${target} answered before Next's router`).toBe(true);
  expect((await accessLogLine(`${id}-b`)).fastPath, `${method} ${target} with the switch off answered by Next`).toBeUndefined();
  // The fast path's length is the body's (a HEAD answer's is its GET's, whose body is not sent); a 304 has none.
  if (fast.status === 304) expect(fast.contentLength).toBeUndefined();
  else if (method === "GET") expect(fast.contentLength).toBe(String(fast.body.length));
  else expect(Number(fast.contentLength)).toBeGreaterThan(0);
  if (method === "HEAD") expect([fast.body.length, next.body.length]).toEqual([0, 0]);
  expect(fast.headers["x-request-id"]).toBe(`${id}-a`);
  expect(next.headers["x-request-id"]).toBe(`${id}-b`);
  fast.headers["x-request-id"] = next.headers["x-request-id"] = "(compared above)";
  return { fast, next };
}

function expectSame(what: string, { fast, next }: { fast: Answer; next: Answer }): void {
  expect(fast.status, `${what}: status`).toBe(next.status);
  expect(fast.headers, `${what}: headers`).toEqual(next.headers);
  expect(fast.body.toString("base64"), `${what}: body`).toBe(next.body.toString("base64"));
}

/**
 * A query parameter no route reads, different on every call: the calendar's in-process caches (one behind
 * each way in) key their entries by the whole query, so both answers are computed now, not one of them up
 * to CALENDAR_CACHE_SECONDS ago (the feed leaves out events that ended meanwhile).
 */
function fresh(target: string): string {
  return `${target}${target.includes("?") ? "&" : "?"}fresh=${randomUUID()}`;
}

let event: { eventId: string; slug: string };

test.beforeAll(async ({ request }) => {
  const { items } = await getFeed(request, { limit: 1 });
  event = items[0]!;
  expect(event, "the seed has an upcoming public event").toBeDefined();
});

test("the feed, its .ics and an event's detail and .ics, GET and HEAD, with and without queries: the same answers both ways", async ({ request }) => {
  const targets = [
    "/api/calendar/events/upcoming",
    "/api/calendar/events/upcoming?limit=3",
    "/api/calendar/events/upcoming?limit=2&type=SERVICE&audience=members",
    "/api/calendar/events/upcoming.ics",
    "/api/calendar/events/upcoming.ics?type=SERVICE",
    `/api/calendar/events/${event.eventId}`,
    `/api/calendar/events/${event.slug}`,
    `/api/calendar/events/${event.eventId}/calendar.ics`,
    `/api/calendar/events/${event.slug}/calendar.ics`,
  ];
  for (const target of targets) {
    for (const method of ["GET", "HEAD"] as const) {
      const both = await bothWays(request, method, fresh(target));
      expect(both.fast.status, `${method} ${target}`).toBe(200);
      expect(both.fast.headers.etag).toBeTruthy();
      expectSame(`${method} ${target}`, both);
    }
  }
});

test("a cursor's next page: the same both ways", async ({ request }) => {
  const first = await getFeed(request, { limit: 2 });
  expect(first.nextCursor, "the seed has more than two upcoming events").toBeTruthy();
  const both = await bothWays(request, "GET", fresh(`/api/calendar/events/upcoming?limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`));
  expect(both.fast.status).toBe(200);
  expectSame("the second page", both);
});

/**
 * Runs `check` with the target's current ETag until the calendar stood still during it (the ETag the same
 * after a failure as before), at most three times: other specs add events meanwhile, and a feed whose events
 * changed rightly answers a 200 to the tag it had a moment ago.
 */
async function onAStillCalendar(request: APIRequestContext, target: string, check: (etag: string) => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const before = (await request.get(target)).headers().etag!;
    try {
      await check(before);
      return;
    } catch (error) {
      if (attempt === 3 || (await request.get(target)).headers().etag === before) throw error;
    }
  }
}

test("If-None-Match: 304 with the same headers both ways, a stale tag a 200", async ({ request }) => {
  for (const target of [fresh("/api/calendar/events/upcoming?limit=4"), fresh(`/api/calendar/events/${event.eventId}`), fresh("/api/calendar/events/upcoming.ics")]) {
    await onAStillCalendar(request, target, async (etag) => {
      for (const method of ["GET", "HEAD"] as const) {
        for (const [header, status] of [
          [etag, 304],
          [`W/${etag}`, 304],
          [`"stale", ${etag}`, 304],
          ["*", 304],
          ['"stale"', 200],
        ] as const) {
          const both = await bothWays(request, method, target, { "if-none-match": header });
          expect(both.fast.status, `${method} ${target} If-None-Match: ${header}`).toBe(status);
          expectSame(`${method} ${target} If-None-Match: ${header}`, both);
        }
      }
    });
  }
});

test("bad input: the same CalendarError both ways", async ({ request }) => {
  const [draft] = await sql<{ id: string }>(`SELECT id FROM event WHERE status = 'DRAFT' LIMIT 1`);
  expect(draft, "the seed has a draft").toBeDefined();
  const targets = [
    "/api/calendar/events/upcoming?limit=0",
    "/api/calendar/events/upcoming?limit=abc",
    "/api/calendar/events/upcoming?limit=1&limit=2",
    "/api/calendar/events/upcoming?cursor=not-a-cursor",
    "/api/calendar/events/upcoming?type=NOPE",
    "/api/calendar/events/upcoming?campusId=%00",
    "/api/calendar/events/upcoming.ics?audience=%01",
    "/api/calendar/events/upcoming.ics?type=1&type=2",
    "/api/calendar/events/evt_does_not_exist",
    `/api/calendar/events/${"a".repeat(201)}`,
    `/api/calendar/events/${draft!.id}`,
    `/api/calendar/events/${draft!.id}/calendar.ics`,
    "/api/calendar/events/no-such-slug/calendar.ics",
  ];
  for (const target of targets) {
    for (const method of ["GET", "HEAD"] as const) {
      const both = await bothWays(request, method, target);
      expect([400, 404], `${method} ${target}: ${both.fast.body.toString()}`).toContain(both.fast.status);
      expectSame(`${method} ${target}`, both);
    }
  }
});

test("everything else stays with Next: other methods, preflights, other spellings of the same routes", async ({ request }) => {
  const stayWithNext = async (method: string, target: string, headers: Record<string, string> = {}) => {
    const id = `fastpath-${randomUUID()}`;
    const response = await request.fetch(target, { method, headers: { ...headers, "x-request-id": id }, maxRedirects: 0 });
    expect((await accessLogLine(id)).fastPath, `${method} ${target} is Next's`).toBeUndefined();
    return response;
  };
  expect((await stayWithNext("OPTIONS", "/api/calendar/events/upcoming", { origin: "https://example.org", "access-control-request-method": "GET" })).status()).toBe(204);
  expect((await stayWithNext("POST", "/api/calendar/events/upcoming")).status()).toBe(405);
  expect((await stayWithNext("DELETE", `/api/calendar/events/${event.eventId}`)).status()).toBe(405);
  expect((await stayWithNext("GET", "/api/calendar/events")).status()).toBe(400);
  expect((await stayWithNext("GET", "/api/calendar/events/upcoming/")).status()).toBe(308);
  expect((await stayWithNext("GET", `/api/calendar/events/${event.eventId}/other`)).status()).toBe(404);
  expect((await stayWithNext("GET", "/api/calendar/mine/nothing.ics")).status()).not.toBe(200);
  // An escaped spelling of the same event is Next's to decode, and its answer is the fast path's.
  const escaped = `/api/calendar/events/${event.eventId.replace("_", "%5F")}`;
  const viaNext = await answerOf(await stayWithNext("GET", escaped));
  const viaFast = await answerOf(await request.get(`/api/calendar/events/${event.eventId}`));
  expect(viaNext.status).toBe(200);
  expect(viaNext.body.toString()).toBe(viaFast.body.toString());
  expect(viaNext.headers.etag).toBe(viaFast.headers.etag);
});
