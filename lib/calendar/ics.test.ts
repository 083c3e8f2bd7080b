import ICAL from "ical.js";
import { afterEach, describe, expect, it } from "vitest";

import { localToInstant } from "./event-time";
import { buildIcsCalendar, buildIcsEvent, htmlToText } from "./ics";
import type { CalendarEvent } from "./schemas";

const BASE_URL = "https://church.example";
const HOST = "church.example";

function makeEvent(overrides: Partial<CalendarEvent> & Pick<CalendarEvent, "eventId">): CalendarEvent {
  const slug = overrides.slug ?? overrides.eventId.replace(/^evt_/, "event-");
  return {
    slug,
    url: `/calendar/${slug}`,
    title: "Sunday Worship",
    description: "<p>Join us.</p>",
    eventType: "SERVICE",
    startDate: "2026-12-06",
    startTime: "09:30",
    endDate: "2026-12-06",
    endTime: "11:00",
    timezone: "America/New_York",
    status: "SCHEDULED",
    visibility: "public",
    audience: ["members"],
    attendanceModes: ["QR_CODE"],
    tags: [],
    createdAt: "2026-01-10T12:00:00.000Z",
    updatedAt: "2026-02-01T08:30:15.000Z",
    ...overrides,
  };
}

const LONG_TITLE =
  "Annual Leadership Summit, Vision Night; Worship, Prayer and Fellowship for every ministry team — with guest speakers from across the region (ünïcödé 😀)";

const fixtures = {
  december: makeEvent({
    eventId: "evt_dec",
    title: "Sunday Worship",
    location: { name: "Downtown Campus", address: "100 Main St, Springfield, NY", coordinates: { latitude: 40.7128, longitude: -74.006 } },
    tags: ["worship", "Sunday"],
    organizer: "Pastor Jane Doe <jane@church.example>",
  }),
  // Starts on Saturday evening in EST, ends Sunday morning in EDT (spring forward 2026-03-08 02:00).
  acrossDst: makeEvent({
    eventId: "evt_dst",
    title: "Overnight Prayer Vigil",
    eventType: "PRAYER_CAMPAIGN",
    startDate: "2026-03-07",
    startTime: "20:00",
    endDate: "2026-03-08",
    endTime: "08:00",
  }),
  summer: makeEvent({ eventId: "evt_summer", title: "Summer Service", startDate: "2026-07-12", startTime: "09:30", endDate: "2026-07-12", endTime: "11:00" }),
  // 01:30 on 2026-11-01 happens twice in New York; the first (EDT) occurrence is meant.
  ambiguous: makeEvent({ eventId: "evt_overlap", title: "Early Prayer", startDate: "2026-11-01", startTime: "01:30", endDate: "2026-11-01", endTime: "03:00" }),
  london: makeEvent({
    eventId: "evt_london",
    title: "London Conference",
    eventType: "CONFERENCE",
    timezone: "Europe/London",
    // BST → GMT on 2026-10-25.
    startDate: "2026-10-24",
    startTime: "18:00",
    endDate: "2026-10-25",
    endTime: "12:00",
    location: { name: "Central Hall", address: "Storey's Gate, London SW1H 9NH" },
  }),
  cancelled: makeEvent({ eventId: "evt_cancelled", title: "Youth Night", status: "CANCELLED", eventType: "SPECIAL_EVENT" }),
  postponed: makeEvent({ eventId: "evt_postponed", title: "Men's Breakfast", status: "POSTPONED", eventType: "SPECIAL_EVENT" }),
  hostile: makeEvent({
    eventId: "evt_hostile",
    title: "Newcomers <b>Lunch</b>",
    description: "<script>alert(1)</script><p>Hi &amp; welcome</p><ul><li>Food</li><li>Friends</li></ul>&lt;script&gt;alert(2)&lt;/script&gt;<img src=x onerror=alert(3)>",
    organizer: "Welcome Team",
  }),
  longText: makeEvent({
    eventId: "evt_long",
    title: LONG_TITLE,
    description: "Bring: chips, salsa; drinks\nSecond line \\ with a backslash",
    eventType: "LIFE_GROUP",
    location: { name: "Smith Home; Basement", address: "12 Oak Ave, Apt 3, Springfield" },
    tags: ["food, fun", "family;friends", "Life Group"],
  }),
} satisfies Record<string, CalendarEvent>;

const allEvents = Object.values(fixtures);

interface Parsed {
  root: ICAL.Component;
  events: ICAL.Event[];
  byUid: Map<string, ICAL.Event>;
}

function parse(ics: string): Parsed {
  const root = new ICAL.Component(ICAL.parse(ics));
  for (const vtimezone of root.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(vtimezone);
  const events = root.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
  return { root, events, byUid: new Map(events.map((e) => [e.uid, e])) };
}

function unescapeText(raw: string): string {
  return raw.replace(/\\([\\;,nN])/g, (_m, ch: string) => (ch === "n" || ch === "N" ? "\n" : ch));
}

function eventOf(parsed: Parsed, fixture: CalendarEvent): ICAL.Event {
  const found = parsed.byUid.get(`${fixture.eventId}@${HOST}`);
  if (!found) throw new Error(`no VEVENT for ${fixture.eventId}`);
  return found;
}

const feed = buildIcsCalendar(allEvents, { name: "Grace Church, Events; all", baseUrl: BASE_URL, description: "Public events\nof Grace Church", refreshIntervalMinutes: 30 });

describe("buildIcsCalendar", () => {
  afterEach(() => ICAL.TimezoneService.reset());

  it("is a subscribable VCALENDAR with the calendar properties", () => {
    const { root } = parse(feed);
    expect(root.name).toBe("vcalendar");
    expect(root.getFirstPropertyValue("version")).toBe("2.0");
    expect(root.getFirstPropertyValue("prodid")).toMatch(/^-\/\//);
    expect(root.getFirstPropertyValue("calscale")).toBe("GREGORIAN");
    expect(root.getFirstPropertyValue("method")).toBe("PUBLISH");
    // NAME (RFC 7986) and X- properties are TEXT (RFC 5545 3.8.8.2) and so escaped; ical.js does not know
    // them and returns the raw value, so unescape it here.
    const text = (name: string) => unescapeText(String(root.getFirstPropertyValue(name)));
    expect(text("name")).toBe("Grace Church, Events; all");
    expect(text("x-wr-calname")).toBe("Grace Church, Events; all");
    expect(text("x-wr-caldesc")).toBe("Public events\nof Grace Church");
    expect(feed).toContain("\r\nREFRESH-INTERVAL;VALUE=DURATION:PT30M\r\n");
    expect(feed).toContain("\r\nX-PUBLISHED-TTL:PT30M\r\n");
    expect(root.getAllSubcomponents("vevent")).toHaveLength(allEvents.length);
    // One VTIMEZONE per distinct zone, no more.
    expect(root.getAllSubcomponents("vtimezone").map((tz) => tz.getFirstPropertyValue("tzid")).sort()).toEqual(["America/New_York", "Europe/London"]);
  });

  it("uses CRLF line endings and folds every line to at most 75 octets", () => {
    expect(feed.endsWith("END:VCALENDAR\r\n")).toBe(true);
    const lines = feed.split("\r\n");
    expect(lines.pop()).toBe("");
    for (const line of lines) {
      expect(line).not.toMatch(/[\r\n]/);
      expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    }
    // The long title really was folded (a continuation line starts with a space).
    expect(lines.some((line) => line.startsWith(" "))).toBe(true);
    expect(lines.find((line) => line.startsWith("SUMMARY:Annual Leadership Summit"))).toBeDefined();
  });

  it("writes each event's wall-clock times with its TZID, unconverted", () => {
    expect(feed).toContain("\r\nDTSTART;TZID=America/New_York:20261206T093000\r\n");
    expect(feed).toContain("\r\nDTEND;TZID=America/New_York:20261206T110000\r\n");
    expect(feed).toContain("\r\nDTSTART;TZID=America/New_York:20260307T200000\r\n");
    expect(feed).toContain("\r\nDTEND;TZID=America/New_York:20260308T080000\r\n");
    expect(feed).toContain("\r\nDTSTART;TZID=Europe/London:20261024T180000\r\n");
    expect(feed).toContain("\r\nDTEND;TZID=Europe/London:20261025T120000\r\n");
  });

  it("gives instants that match localToInstant, across DST changes (TZID + VTIMEZONE are right)", () => {
    const parsed = parse(feed);
    for (const fixture of allEvents) {
      if (fixture === fixtures.ambiguous) continue; // see below
      const event = eventOf(parsed, fixture);
      expect(event.startDate.zone.tzid).toBe(fixture.timezone);
      expect(event.endDate.zone.tzid).toBe(fixture.timezone);
      expect(event.startDate.toJSDate().toISOString(), fixture.eventId).toBe(
        localToInstant(fixture.startDate, fixture.startTime, fixture.timezone).toISOString(),
      );
      expect(event.endDate.toJSDate().toISOString(), fixture.eventId).toBe(localToInstant(fixture.endDate, fixture.endTime, fixture.timezone).toISOString());
    }
    // Spot-check the offsets themselves, not just agreement with luxon.
    expect(eventOf(parsed, fixtures.acrossDst).startDate.toJSDate().toISOString()).toBe("2026-03-08T01:00:00.000Z"); // EST
    expect(eventOf(parsed, fixtures.acrossDst).endDate.toJSDate().toISOString()).toBe("2026-03-08T12:00:00.000Z"); // EDT
    // 01:30 on the fall-back day happens twice. RFC 5545 3.3.5 says the first occurrence (EDT, 05:30Z) is
    // meant, as localToInstant does; ical.js 2.2.1 takes the second (EST, 06:30Z). The output is the given
    // wall-clock time either way, so only the raw line is pinned.
    expect(localToInstant("2026-11-01", "01:30", "America/New_York").toISOString()).toBe("2026-11-01T05:30:00.000Z");
    expect(feed).toContain("\r\nDTSTART;TZID=America/New_York:20261101T013000\r\n");
    expect(["2026-11-01T05:30:00.000Z", "2026-11-01T06:30:00.000Z"]).toContain(eventOf(parsed, fixtures.ambiguous).startDate.toJSDate().toISOString());
    expect(eventOf(parsed, fixtures.ambiguous).endDate.toJSDate().toISOString()).toBe("2026-11-01T08:00:00.000Z");
    expect(eventOf(parsed, fixtures.london).startDate.toJSDate().toISOString()).toBe("2026-10-24T17:00:00.000Z"); // BST
    expect(eventOf(parsed, fixtures.london).endDate.toJSDate().toISOString()).toBe("2026-10-25T12:00:00.000Z"); // GMT
  });

  it("writes UID, summary, URL, location and status for every event", () => {
    const parsed = parse(feed);
    const expectedStatus = (f: CalendarEvent) => (f.status === "CANCELLED" ? "CANCELLED" : f.status === "POSTPONED" ? "TENTATIVE" : "CONFIRMED");
    const titleOf = (f: CalendarEvent) => (f === fixtures.hostile ? "Newcomers Lunch" : f.title); // markup is stripped from titles too
    const expectedSummary = (f: CalendarEvent) => (f.status === "POSTPONED" ? `Postponed: ${titleOf(f)}` : titleOf(f));
    for (const fixture of allEvents) {
      const event = eventOf(parsed, fixture);
      expect(event.uid).toBe(`${fixture.eventId}@church.example`);
      expect(event.summary).toBe(expectedSummary(fixture));
      expect(event.component.getFirstPropertyValue("url")).toBe(`https://church.example/calendar/${fixture.slug}`);
      expect(event.component.getFirstPropertyValue("status")).toBe(expectedStatus(fixture));
      if (fixture.location) expect(event.location).toBe(`${fixture.location.name}, ${fixture.location.address}`);
      else expect(event.location).toBeNull();
    }
    expect(eventOf(parsed, fixtures.cancelled).component.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(eventOf(parsed, fixtures.postponed).summary).toBe("Postponed: Men's Breakfast");
    expect(eventOf(parsed, fixtures.postponed).component.getFirstPropertyValue("status")).toBe("TENTATIVE");
  });

  it("escapes commas, semicolons, backslashes and newlines in text", () => {
    const parsed = parse(feed);
    const long = eventOf(parsed, fixtures.longText);
    expect(long.summary).toBe(LONG_TITLE);
    expect(long.location).toBe("Smith Home; Basement, 12 Oak Ave, Apt 3, Springfield");
    expect(long.description.startsWith("Bring: chips, salsa; drinks\nSecond line \\ with a backslash\n\n")).toBe(true);
    expect(long.component.getFirstProperty("categories")?.getValues()).toEqual(["Life Group", "food, fun", "family;friends"]);
    expect(feed).toContain("LOCATION:Smith Home\\; Basement\\, 12 Oak Ave\\, Apt 3\\, Springfield\r\n");
    expect(feed).toContain("DESCRIPTION:Bring: chips\\, salsa\\; drinks\\nSecond line \\\\ with a backs");
  });

  it("turns HTML descriptions into plain text without markup or script text", () => {
    expect(feed.toLowerCase()).not.toContain("<script");
    expect(feed).not.toMatch(/<[a-z/!]/i);
    const hostile = eventOf(parse(feed), fixtures.hostile);
    expect(hostile.description).toBe("Hi & welcome\n\n• Food\n• Friends\n\nalert(2)\n\nDetails: https://church.example/calendar/event-hostile");
    expect(hostile.description).not.toContain("alert(1)");
    expect(hostile.summary).toBe("Newcomers Lunch");
  });

  it("adds GEO, CATEGORIES, timestamps, SEQUENCE and a valid ORGANIZER", () => {
    const parsed = parse(feed);
    const dec = eventOf(parsed, fixtures.december);
    expect(dec.component.getFirstPropertyValue("geo")).toEqual([40.7128, -74.006]);
    expect(dec.component.getFirstProperty("categories")?.getValues()).toEqual(["Service", "worship", "Sunday"]);
    expect(String(dec.component.getFirstPropertyValue("dtstamp"))).toBe("2026-02-01T08:30:15Z");
    expect(String(dec.component.getFirstPropertyValue("last-modified"))).toBe("2026-02-01T08:30:15Z");
    expect(String(dec.component.getFirstPropertyValue("created"))).toBe("2026-01-10T12:00:00Z");
    expect(dec.sequence).toBe((Date.parse(fixtures.december.updatedAt) - Date.parse(fixtures.december.createdAt)) / 1000);
    const organizer = dec.component.getFirstProperty("organizer");
    expect(organizer?.getFirstValue()).toBe("mailto:jane@church.example");
    expect(organizer?.getParameter("cn")).toBe("Pastor Jane Doe");
    // "Welcome Team" is not a cal-address: no ORGANIZER at all.
    expect(eventOf(parsed, fixtures.hostile).component.getFirstProperty("organizer")).toBeNull();
    expect(eventOf(parsed, fixtures.london).component.getFirstProperty("geo")).toBeNull();
  });

  it("bumps SEQUENCE when an event is updated", () => {
    const later = { ...fixtures.december, updatedAt: "2026-02-02T08:30:15.000Z" };
    const before = eventOf(parse(buildIcsCalendar([fixtures.december], { name: "x", baseUrl: BASE_URL })), fixtures.december).sequence;
    const after = eventOf(parse(buildIcsCalendar([later], { name: "x", baseUrl: BASE_URL })), fixtures.december).sequence;
    expect(after).toBeGreaterThan(before);
  });

  it("is deterministic and independent of the server's time zone", () => {
    const originalTz = process.env.TZ;
    try {
      process.env.TZ = "Pacific/Chatham";
      const chathamOffset = new Date(2026, 11, 6).getTimezoneOffset();
      const inChatham = buildIcsCalendar(allEvents, { name: "Grace Church, Events; all", baseUrl: BASE_URL, description: "Public events\nof Grace Church", refreshIntervalMinutes: 30 });
      process.env.TZ = "America/Los_Angeles";
      expect(new Date(2026, 11, 6).getTimezoneOffset()).not.toBe(chathamOffset); // the switch took effect
      const inLosAngeles = buildIcsCalendar(allEvents, { name: "Grace Church, Events; all", baseUrl: BASE_URL, description: "Public events\nof Grace Church", refreshIntervalMinutes: 30 });
      expect(inChatham).toBe(feed);
      expect(inLosAngeles).toBe(feed);
    } finally {
      if (originalTz === undefined) delete process.env.TZ;
      else process.env.TZ = originalTz;
    }
  });

  it("writes UTC events without a VTIMEZONE and drops events with an unknown zone", () => {
    const utc = makeEvent({ eventId: "evt_utc", timezone: "UTC", startTime: "15:00", endTime: "16:00" });
    const bogus = makeEvent({ eventId: "evt_bogus", timezone: "Mars/Olympus_Mons" });
    const ics = buildIcsCalendar([utc, bogus], { name: "x", baseUrl: BASE_URL });
    const parsed = parse(ics);
    expect(parsed.root.getAllSubcomponents("vtimezone")).toHaveLength(0);
    expect(parsed.events.map((e) => e.uid)).toEqual([`evt_utc@${HOST}`]);
    expect(ics).toContain("\r\nDTSTART:20261206T150000Z\r\n");
    expect(eventOf(parsed, utc).startDate.toJSDate().toISOString()).toBe("2026-12-06T15:00:00.000Z");
  });

  it("references the canonical zone for aliases, with a matching VTIMEZONE", () => {
    const alias = makeEvent({ eventId: "evt_alias", timezone: "US/Eastern" });
    const ics = buildIcsCalendar([alias], { name: "x", baseUrl: BASE_URL });
    const parsed = parse(ics);
    expect(ics).toContain("\r\nDTSTART;TZID=America/New_York:20261206T093000\r\n");
    expect(parsed.root.getAllSubcomponents("vtimezone").map((tz) => tz.getFirstPropertyValue("tzid"))).toEqual(["America/New_York"]);
    expect(eventOf(parsed, alias).startDate.toJSDate().toISOString()).toBe(localToInstant(alias.startDate, alias.startTime, alias.timezone).toISOString());
  });
});

describe("buildIcsEvent", () => {
  afterEach(() => ICAL.TimezoneService.reset());

  it("is a calendar with exactly one VEVENT, named after the event", () => {
    const ics = buildIcsEvent(fixtures.london, { baseUrl: BASE_URL });
    const parsed = parse(ics);
    expect(parsed.root.getAllSubcomponents("vevent")).toHaveLength(1);
    expect(ics.match(/^BEGIN:VEVENT\r$/gm)).toHaveLength(1);
    expect(parsed.root.getFirstPropertyValue("x-wr-calname")).toBe("London Conference");
    expect(parsed.root.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(parsed.root.getAllSubcomponents("vtimezone")).toHaveLength(1);
    const [event] = parsed.events;
    expect(event?.uid).toBe(`evt_london@${HOST}`);
    expect(event?.startDate.toJSDate().toISOString()).toBe("2026-10-24T17:00:00.000Z");
    expect(ics).not.toContain("REFRESH-INTERVAL");
  });
});

describe("htmlToText", () => {
  it("keeps plain text (with its line breaks) and flattens markup", () => {
    expect(htmlToText("Line one\nLine two")).toBe("Line one\nLine two");
    expect(htmlToText("<p>One<br>Two</p>\n\n<p>Three &lt; four &#38; &#x263A;</p>")).toBe("One\nTwo\n\nThree < four & ☺");
    expect(htmlToText('<p>See <a href="https://x.example/a?b=1&amp;c=2">the page</a> or <a href="javascript:alert(1)">this</a></p>')).toBe(
      "See the page (https://x.example/a?b=1&c=2) or this",
    );
    expect(htmlToText("<style>p{color:red}</style><!-- hidden --><p>Shown</p><script")).toBe("Shown");
    expect(htmlToText("&lt;img src=x onerror=alert(1)&gt;ok")).toBe("ok");
    expect(htmlToText("1 <2 and a<b")).toBe("1 <2 and a< b");
    expect(htmlToText("&amp;lt;b&amp;gt;")).toBe("&lt;b&gt;");
  });
});
