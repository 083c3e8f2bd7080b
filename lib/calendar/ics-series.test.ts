import { describe, expect, it } from "vitest";

import { addDays, expandRule, type RecurrenceRule } from "../series/recurrence";
import { localToInstant } from "./event-time";
import { expandWithIcalJs, expandWithNodeIcal, type ExpandedInstance } from "./ics-expand.testing";
import { buildIcsCalendar, type IcsSeries, type IcsSeriesIndex } from "./ics";
import type { CalendarEvent } from "./schemas";

/**
 * Recurring series in the iCalendar feed (docs/decisions/0026): the feed's events, read back by ical.js and
 * node-ical and expanded by each, are exactly the JSON events (start and end instants, ids through
 * UID + RECURRENCE-ID, titles, cancellations), across the spring and autumn DST changes.
 */

const BASE_URL = "https://church.example";
const HOST = "church.example";

interface Occurrence {
  event: CalendarEvent;
  date: string;
}

function occurrencesOf(series: IcsSeries, options: { title: string; endTime: string; endDayOffset?: number }): Occurrence[] {
  return expandRule(series.rule, series.startDate).map((date, index) => {
    const slug = `${series.id.slice(4)}-${date}`;
    return {
      date,
      event: {
        eventId: `evt_${series.id.slice(4)}${index}`,
        slug,
        url: `/calendar/${slug}`,
        title: options.title,
        description: "<p>All welcome.</p>",
        eventType: "LIFE_GROUP",
        startDate: date,
        startTime: series.startTime,
        endDate: addDays(date, options.endDayOffset ?? 0),
        endTime: options.endTime,
        timezone: series.timezone,
        seriesId: series.id,
        status: "SCHEDULED",
        visibility: "public",
        audience: [],
        attendanceModes: [],
        tags: ["groups"],
        location: { name: "Harbor Hall", address: "1 Quay St" },
        createdAt: "2026-11-01T12:00:00.000Z",
        updatedAt: "2026-11-02T12:00:00.000Z",
      },
    };
  });
}

function indexOf(seriesList: IcsSeries[], occurrences: Occurrence[]): IcsSeriesIndex {
  return { series: new Map(seriesList.map((series) => [series.id, series])), recurrenceDates: new Map(occurrences.map(({ event, date }) => [event.eventId, date])) };
}

/** What the JSON feed says, in the expanded shape: UID + RECURRENCE-ID for an occurrence, UID alone otherwise. */
function expected(events: CalendarEvent[], index: IcsSeriesIndex): ExpandedInstance[] {
  return events
    .map((event) => {
      const series = event.seriesId ? index.series.get(event.seriesId) : undefined;
      const date = index.recurrenceDates.get(event.eventId);
      const key = series && date ? `${series.id}@${HOST}|${localToInstant(date, series.startTime, series.timezone).getTime()}` : `${event.eventId}@${HOST}|`;
      return {
        key,
        start: localToInstant(event.startDate, event.startTime, event.timezone).getTime(),
        end: localToInstant(event.endDate, event.endTime, event.timezone).getTime(),
        summary: event.title,
        status: event.status === "CANCELLED" ? "CANCELLED" : "CONFIRMED",
      };
    })
    .sort((a, b) => a.start - b.start || (a.key < b.key ? -1 : 1));
}

/** The unfolded lines of the VEVENTs (the VTIMEZONEs have RRULEs of their own). */
function unfolded(ics: string): string[] {
  return ics
    .replace(/\r\n[ \t]/g, "")
    .replace(/BEGIN:VTIMEZONE[\s\S]*?END:VTIMEZONE\r\n/g, "")
    .split("\r\n");
}

const weekly: IcsSeries = {
  id: "ser_weekly",
  rule: { frequency: "WEEKLY", interval: 1, weekdays: ["SU"], count: 10 } satisfies RecurrenceRule,
  startDate: "2027-02-07",
  startTime: "10:00",
  timezone: "America/New_York",
};

describe("a weekly series across the spring DST change (America/New_York, February to April 2027)", () => {
  const all = occurrencesOf(weekly, { title: "Bible study", endTime: "11:30" });
  // 2027-02-21 removed (EXDATE), 2027-03-14 (the DST day) renamed on its own, 2027-03-21 moved to 18:00, 2027-03-28 cancelled.
  const occurrences = all
    .filter(({ date }) => date !== "2027-02-21")
    .map((o) => {
      if (o.date === "2027-03-14") return { ...o, event: { ...o.event, title: "Bible study: guest speaker" } };
      if (o.date === "2027-03-21") return { ...o, event: { ...o.event, startTime: "18:00", endTime: "19:30" } };
      if (o.date === "2027-03-28") return { ...o, event: { ...o.event, status: "CANCELLED" as const } };
      return o;
    });
  const events = occurrences.map((o) => o.event);
  const index = indexOf([weekly], occurrences);
  const ics = buildIcsCalendar(events, { name: "Church events", baseUrl: BASE_URL, series: index });

  it("is one master with RRULE (FREQ first), EXDATE and RECURRENCE-IDs with TZID, and overrides only where an occurrence differs", () => {
    const lines = unfolded(ics);
    expect(lines.filter((line) => line.startsWith("RRULE:"))).toEqual(["RRULE:FREQ=WEEKLY;BYDAY=SU;UNTIL=20270411T140000Z"]);
    expect(lines.filter((line) => line.startsWith("EXDATE"))).toEqual(["EXDATE;TZID=America/New_York:20270221T100000"]);
    expect(lines.filter((line) => line.startsWith("RECURRENCE-ID"))).toEqual([
      "RECURRENCE-ID;TZID=America/New_York:20270314T100000",
      "RECURRENCE-ID;TZID=America/New_York:20270321T100000",
      "RECURRENCE-ID;TZID=America/New_York:20270328T100000",
    ]);
    expect(lines.filter((line) => line.startsWith("DTSTART"))).toEqual([
      "DTSTART;TZID=America/New_York:20270207T100000",
      "DTSTART;TZID=America/New_York:20270314T100000",
      "DTSTART;TZID=America/New_York:20270321T180000",
      "DTSTART;TZID=America/New_York:20270328T100000",
    ]);
    expect(lines.filter((line) => line === `UID:ser_weekly@${HOST}`)).toHaveLength(4);
    expect(ics).toContain("STATUS:CANCELLED");
  });

  it("expands in ical.js and in node-ical to exactly the JSON events", () => {
    const want = expected(events, index);
    expect(want).toHaveLength(9);
    expect(expandWithIcalJs(ics)).toEqual(want);
    expect(expandWithNodeIcal(ics)).toEqual(want);
  });

  it("keeps 10:00 local on both sides of the change (15:00Z before, 14:00Z after)", () => {
    const starts = expandWithIcalJs(ics).map((instance) => new Date(instance.start).toISOString());
    expect(starts[0]).toBe("2027-02-07T15:00:00.000Z");
    expect(starts.at(-1)).toBe("2027-04-11T14:00:00.000Z");
  });

  it("folds every line at 75 octets, the long EXDATE too", () => {
    const many = all.filter((_, index) => index % 2 === 0);
    const text = buildIcsCalendar(many.map((o) => o.event), { name: "Church events", baseUrl: BASE_URL, series: indexOf([weekly], many) });
    expect(unfolded(text).find((line) => line.startsWith("EXDATE"))!.length).toBeGreaterThan(75);
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(expandWithIcalJs(text)).toEqual(expected(many.map((o) => o.event), indexOf([weekly], many)));
    expect(expandWithNodeIcal(text)).toEqual(expected(many.map((o) => o.event), indexOf([weekly], many)));
  });

  it("is deterministic: the same input gives the same bytes", () => {
    expect(buildIcsCalendar(events, { name: "Church events", baseUrl: BASE_URL, series: index })).toBe(ics);
  });
});

const monthly: IcsSeries = {
  id: "ser_monthly",
  rule: { frequency: "MONTHLY", interval: 1, weekdays: ["SU"], monthWeek: 1, until: "2028-01-31" } satisfies RecurrenceRule,
  startDate: "2027-09-01",
  startTime: "09:00",
  timezone: "America/New_York",
};
const lastFriday: IcsSeries = {
  id: "ser_lastfri",
  rule: { frequency: "MONTHLY", interval: 2, weekdays: ["FR"], monthWeek: -1, count: 4 } satisfies RecurrenceRule,
  startDate: "2027-08-01",
  startTime: "19:00",
  timezone: "Europe/London",
};

describe("monthly series across the autumn DST change (first Sunday in New York over 7 November 2027; every other last Friday in London)", () => {
  const first = occurrencesOf(monthly, { title: "Communion Sunday", endTime: "10:15" });
  const fridays = occurrencesOf(lastFriday, { title: "Youth night", endTime: "01:00", endDayOffset: 1 });
  const loose: CalendarEvent = { ...first[0]!.event, eventId: "evt_single", slug: "single", url: "/calendar/single", seriesId: undefined, title: "Harvest supper", startDate: "2027-10-10", endDate: "2027-10-10", startTime: "18:00", endTime: "20:00" };
  const occurrences = [...first, ...fridays];
  const events = [...occurrences.map((o) => o.event), loose];
  const index = indexOf([monthly, lastFriday], occurrences);
  const ics = buildIcsCalendar(events, { name: "Church events", baseUrl: BASE_URL, series: index });

  it("gives the dates a church office expects", () => {
    expect(first.map((o) => o.date)).toEqual(["2027-09-05", "2027-10-03", "2027-11-07", "2027-12-05", "2028-01-02"]);
    expect(fridays.map((o) => o.date)).toEqual(["2027-08-27", "2027-10-29", "2027-12-31", "2028-02-25"]);
    expect(unfolded(ics).filter((line) => line.startsWith("RRULE:"))).toEqual([
      "RRULE:FREQ=MONTHLY;BYDAY=1SU;UNTIL=20280102T140000Z",
      "RRULE:FREQ=MONTHLY;INTERVAL=2;BYDAY=-1FR;UNTIL=20280225T190000Z",
    ]);
    expect(ics).not.toContain("RECURRENCE-ID");
  });

  it("expands in ical.js and in node-ical to exactly the JSON events", () => {
    const want = expected(events, index);
    expect(want).toHaveLength(10);
    expect(expandWithIcalJs(ics)).toEqual(want);
    expect(expandWithNodeIcal(ics)).toEqual(want);
  });
});

describe("what stays a single event", () => {
  it("an occurrence whose date the rule no longer gives, and a series whose zone has no VTIMEZONE", () => {
    const [a, b] = occurrencesOf(weekly, { title: "Bible study", endTime: "11:30" });
    const utcSeries: IcsSeries = { ...weekly, id: "ser_utc", timezone: "Etc/UTC" };
    const [c] = occurrencesOf(utcSeries, { title: "Online prayer", endTime: "11:00" });
    const stray = { ...b!, date: "2027-02-16" };
    const events = [a!.event, stray.event, c!.event];
    const index = indexOf([weekly, utcSeries], [a!, stray, c!]);
    const ics = buildIcsCalendar(events, { name: "Church events", baseUrl: BASE_URL, series: index });
    const uids = unfolded(ics).filter((line) => line.startsWith("UID:"));
    expect(uids).toEqual([`UID:ser_weekly@${HOST}`, `UID:${stray.event.eventId}@${HOST}`, `UID:${c!.event.eventId}@${HOST}`]);
    const want = expected(events, { ...index, recurrenceDates: new Map([[a!.event.eventId, a!.date]]) });
    expect(expandWithIcalJs(ics)).toEqual(want);
    expect(expandWithNodeIcal(ics)).toEqual(want);
  });
});
