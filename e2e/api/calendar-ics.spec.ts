import { expect, test } from "@playwright/test";
import ICAL from "ical.js";
import { localToInstant } from "../../lib/calendar/event-time.ts";
import { expandWithIcalJs } from "../../lib/calendar/ics-expand.testing.ts";
import { readWholeFeed } from "../support/calendar-client.ts";
import { CALENDAR_MESSAGES, calendarErrorSchema, type CalendarEvent } from "../support/calendar-contract.ts";

// The iCalendar feeds, read by a real iCalendar parser (ical.js) and matched against the JSON feed.

interface ParsedEvent {
  uid: string;
  summary: string;
  startMs: number;
  endMs: number;
  status: string | null;
  url: string | null;
  /** A series' master (RRULE) or one of its overrides (RECURRENCE-ID). */
  recurring: boolean;
}

function parseCalendar(text: string): ParsedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      startMs: event.startDate.toJSDate().getTime(),
      endMs: event.endDate.toJSDate().getTime(),
      status: (component.getFirstPropertyValue("status") as string | null) ?? null,
      url: (component.getFirstPropertyValue("url") as string | null) ?? null,
      recurring: component.hasProperty("rrule") || component.hasProperty("recurrence-id"),
    };
  });
}

function expectMatches(parsed: ParsedEvent[], events: CalendarEvent[], baseURL: string) {
  expect(parsed.map((event) => event.uid.split("@")[0])).toEqual(events.map((event) => event.eventId));
  parsed.forEach((ics, index) => {
    const json = events[index]!;
    expect(ics.startMs, json.eventId).toBe(localToInstant(json.startDate, json.startTime, json.timezone).getTime());
    expect(ics.endMs, json.eventId).toBe(localToInstant(json.endDate, json.endTime, json.timezone).getTime());
    expect(ics.url).toBe(`${baseURL}${json.url}`);
    expect(ics.status).toBe(json.status === "CANCELLED" ? "CANCELLED" : json.status === "POSTPONED" ? "TENTATIVE" : "CONFIRMED");
    expect(ics.summary).toContain(json.title);
  });
}

/**
 * Recurring series (docs/decisions/0026) are one RRULE VEVENT each, their occurrences matched by expanding them
 * (e2e/api/series.spec.ts matches them one by one); every other event is its own VEVENT, in feed order. Only
 * series `compareSeries` accepts are expanded and compared (one another spec changed meanwhile is not).
 */
function expectCalendarMatchesFeed(text: string, events: CalendarEvent[], baseURL: string, compareSeries: (seriesId: string) => boolean = () => true) {
  const ids = new Set(events.map((event) => event.eventId));
  const parsed = parseCalendar(text).filter((event) => !event.recurring && ids.has(event.uid.split("@")[0]!));
  const singles = new Set(parsed.map((event) => event.uid.split("@")[0]));
  expectMatches(parsed, events.filter((event) => singles.has(event.eventId)), baseURL);
  const occurrences = events.filter((event) => !singles.has(event.eventId));
  // Every JSON event not written on its own is an occurrence of a series (a named list, so a stray one says which).
  expect(occurrences.filter((event) => !event.seriesId).map((event) => `${event.eventId} ${event.title}`)).toEqual([]);
  const compared = new Set(occurrences.map((event) => event.seriesId!).filter(compareSeries));
  const instant = (date: string, time: string, zone: string) => localToInstant(date, time, zone).getTime();
  const byTime = (a: number[], b: number[]) => a[0]! - b[0]! || a[1]! - b[1]!;
  const fromJson = occurrences
    .filter((event) => compared.has(event.seriesId!))
    .map((event) => [instant(event.startDate, event.startTime, event.timezone), instant(event.endDate, event.endTime, event.timezone)])
    .sort(byTime);
  const expanded = expandWithIcalJs(text)
    .filter((instance) => compared.has(instance.key.split("@")[0]!))
    .map((instance) => [instance.start, instance.end])
    .sort(byTime);
  expect(expanded).toEqual(fromJson);
}

test("the subscription feed holds every upcoming event of the JSON feed, same order, same instants", async ({ request, baseURL }) => {
  // Specs running beside this one create and change events: what is compared is what the JSON feed held
  // unchanged before and after the .ics was read.
  const { events: before } = await readWholeFeed(request, { limit: 100 });
  const response = await request.get("/api/calendar/events/upcoming.ics");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(response.headers()["access-control-allow-origin"]).toBe("*");
  const text = await response.text();
  expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
  expect(text).not.toMatch(/<script/i);
  for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  const { events: after } = await readWholeFeed(request, { limit: 100 });
  const held = new Map(before.map((event) => [event.eventId, event.updatedAt]));
  const stable = new Set(after.filter((event) => held.get(event.eventId) === event.updatedAt).map((event) => event.eventId));
  expect(stable.size).toBeGreaterThan(0);
  // Series none of whose occurrences changed meanwhile expand to exactly their occurrences.
  const settled = (seriesId: string) =>
    after.filter((event) => event.seriesId === seriesId).every((event) => stable.has(event.eventId)) &&
    before.filter((event) => event.seriesId === seriesId).every((event) => stable.has(event.eventId));
  expectCalendarMatchesFeed(text, after.filter((event) => stable.has(event.eventId)), baseURL!, settled);
  // Zones with DST are described by VTIMEZONE blocks, not flattened to UTC.
  expect(text).toMatch(/DTSTART;TZID=America\/New_York:\d{8}T\d{6}\r\n/);
  expect(text).toContain("BEGIN:VTIMEZONE\r\nTZID:America/New_York");
});

test("the subscription feed takes the same filters", async ({ request, baseURL }) => {
  const filters = { type: "SERVICE", audience: "members" };
  const response = await request.get(`/api/calendar/events/upcoming.ics?${new URLSearchParams(filters)}`);
  expect(response.status()).toBe(200);
  const { events } = await readWholeFeed(request, { ...filters, limit: 100 });
  expect(events.length).toBeGreaterThan(0);
  expectCalendarMatchesFeed(await response.text(), events, baseURL!);
});

test("a bad filter on the subscription feed is a CalendarError", async ({ request }) => {
  const response = await request.get("/api/calendar/events/upcoming.ics?type=PICNIC");
  expect(response.status()).toBe(400);
  const body = calendarErrorSchema.parse(await response.json());
  expect(body.message).toBe(CALENDAR_MESSAGES.type);
  expect(body.statusCode).toBe(400);
  const nul = await request.get("/api/calendar/events/upcoming.ics?ministryId=min%00");
  expect(nul.status()).toBe(400);
  const nulBody = calendarErrorSchema.parse(await nul.json());
  expect(nulBody.message).toBe("ministryId must not contain control characters");
  expect(nulBody.statusCode).toBe(400);
});

test("one event as .ics for “add to my calendar”", async ({ request, baseURL }) => {
  const { events } = await readWholeFeed(request, { type: "CONFERENCE", limit: 100 });
  const event = events[0]!;
  const response = await request.get(`/api/calendar/events/${event.eventId}/calendar.ics`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const parsed = parseCalendar(await response.text());
  expect(parsed).toHaveLength(1);
  expectMatches(parsed, [event], baseURL!);
  const missing = await request.get("/api/calendar/events/evt_doesnotexist/calendar.ics");
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({ error: true, message: CALENDAR_MESSAGES.notFound, statusCode: 404 });
});
