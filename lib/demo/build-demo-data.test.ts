import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { MAX_EVENT_DURATION_DAYS, isValidTimeZone, scheduleInstants } from "../calendar/event-time.ts";
import { ATTENDANCE_MODES, EVENT_TYPES, EVENT_VISIBILITIES, KNOWN_AUDIENCES } from "../calendar/schemas.ts";
import { STORED_EVENT_STATUSES } from "../calendar/event-status.ts";
import { expandRule, MAX_OCCURRENCES } from "../series/recurrence.ts";
import { ruleOfRow } from "../series/series-rows.ts";
import { buildDemoData, DEMO_IMAGES, type DemoData, type DemoEvent } from "./build-demo-data.ts";

const TODAY = "2026-03-02";
const data = buildDemoData({ today: TODAY });
const { events } = data;
/** The benchmarks' size (a whole year of dates, across both DST changes): built once, for the two tests that read it. */
const BIG_TODAY = "2026-10-20";
let bigSet: DemoData | undefined;
const big = () => (bigSet ??= buildDemoData({ today: BIG_TODAY, eventCount: 50_000 }));

const DAY_MS = 24 * 60 * 60 * 1000;
const plusMonths = (date: string, months: number) => DateTime.fromISO(date, { zone: "UTC" }).plus({ months }).toISODate()!;
const plusDays = (date: string, days: number) => DateTime.fromISO(date, { zone: "UTC" }).plus({ days }).toISODate()!;
/** Minutes east of UTC of a local date-time at the given instant. */
const offsetAt = (instant: Date, timezone: string) => DateTime.fromJSDate(instant, { zone: timezone }).offset;

function expectInWindow(list: readonly DemoEvent[], today: string) {
  const end = plusMonths(today, 12);
  for (const event of list) {
    expect(event.startDate >= today, `${event.slug} starts before ${today}`).toBe(true);
    expect(event.endDate < end, `${event.slug} ends after ${end}`).toBe(true);
  }
}

describe("buildDemoData", () => {
  it("is deterministic", () => {
    expect(buildDemoData({ today: TODAY })).toEqual(data);
    expect(buildDemoData({ today: TODAY, eventCount: 500 })).toEqual(buildDemoData({ today: TODAY, eventCount: 500 }));
  });

  it("moves with today", () => {
    const later = buildDemoData({ today: plusDays(TODAY, 7) });
    expect(later.events).not.toEqual(events);
    expect(later.events[0]!.startDate).toBe(plusDays(TODAY, 7));
    expect(later.campuses[0]!.createdAt.getTime() - data.campuses[0]!.createdAt.getTime()).toBe(7 * DAY_MS);
    // A weekly series keeps its weekday: one week later, the same occurrences one week later.
    const sundays = (list: readonly DemoEvent[]) =>
      list.filter((event) => event.seriesId === "ser_harbor_point_sunday_morning").map((event) => event.startDate);
    expect(sundays(later.events)).toEqual(sundays(events).map((date) => plusDays(date, 7)));
    expectInWindow(later.events, plusDays(TODAY, 7));
  });

  it("has the reference data", () => {
    expect(data.campuses.length).toBeGreaterThanOrEqual(3);
    expect(data.ministries.length).toBeGreaterThanOrEqual(8);
    expect(data.series.length).toBeGreaterThan(0);
    for (const campus of data.campuses) {
      expect(campus.id).toMatch(/^cmp_[a-z0-9_]+$/);
      expect(isValidTimeZone(campus.timezone)).toBe(true);
    }
    for (const ministry of data.ministries) expect(ministry.id).toMatch(/^min_[a-z0-9_]+$/);
    for (const series of data.series) expect(series.id).toMatch(/^ser_[a-z0-9_]+$/);
    expect(new Set(data.campuses.map((campus) => campus.timezone)).size).toBeGreaterThanOrEqual(2);
    // At least one campus zone without DST: the same offset in January and July.
    const withoutDst = data.campuses.filter(
      (campus) => DateTime.fromISO("2026-01-15T12:00", { zone: campus.timezone }).offset === DateTime.fromISO("2026-07-15T12:00", { zone: campus.timezone }).offset,
    );
    expect(withoutDst.length).toBeGreaterThan(0);
  });

  it("builds 320 events by default, each linked to existing rows", () => {
    expect(events).toHaveLength(320);
    const campusIds = new Set(data.campuses.map((campus) => campus.id));
    const ministryIds = new Set(data.ministries.map((ministry) => ministry.id));
    const seriesIds = new Set(data.series.map((series) => series.id));
    for (const event of events) {
      if (event.campusId) expect(campusIds.has(event.campusId)).toBe(true);
      if (event.ministryId) expect(ministryIds.has(event.ministryId)).toBe(true);
      if (event.seriesId) expect(seriesIds.has(event.seriesId)).toBe(true);
      const campus = data.campuses.find((entry) => entry.id === event.campusId);
      if (campus) expect(event.timezone).toBe(campus.timezone);
    }
    // Every series has occurrences.
    expect(new Set(events.map((event) => event.seriesId).filter(Boolean)).size).toBe(data.series.length);
  });

  it("gives every series with dates the rule that gives exactly them, as staff-made series have", () => {
    // Every series, in the default set, the 50,000-event set (a whole year of dates, across both DST changes)
    // and a set too small for some series to get any date.
    const cases: [string, DemoData][] = [
      ["default", data],
      ["50,000", big()],
      ["12", buildDemoData({ today: TODAY, eventCount: 12 })],
    ];
    for (const [name, set] of cases) {
      let withRule = 0;
      for (const series of set.series) {
        const dated = set.events.filter((event) => event.seriesId === series.id);
        const rule = ruleOfRow(series);
        if (dated.length === 0) {
          expect(rule, `${name}: ${series.id} has no dates, so no rule`).toBeNull();
          continue;
        }
        withRule += 1;
        expect(rule, `${name}: ${series.id}`).not.toBeNull();
        expect(series.count).toBe(dated.length);
        expect(series.count!).toBeLessThanOrEqual(MAX_OCCURRENCES);
        const byDate = [...dated].sort((a, b) => (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : 0));
        expect(byDate.map((event) => event.recurrenceDate), `${name}: ${series.id}`).toEqual(expandRule(rule!, series.startDate!));
        for (const event of dated) {
          expect(event.startDate).toBe(event.recurrenceDate);
          expect([event.startTime, event.endTime, event.timezone]).toEqual([series.startTime, series.endTime, series.timezone]);
          expect(event.endDate).toBe(plusDays(event.startDate, series.endDayOffset));
        }
        // One description for the series; a cancelled or postponed date only adds its notice before it.
        const shared = dated.find((event) => event.status === "SCHEDULED")?.description;
        if (shared !== undefined) for (const event of dated) expect(event.description.endsWith(shared), `${name}: ${event.slug}`).toBe(true);
      }
      if (name !== "12") expect(withRule, name).toBe(set.series.length);
    }
    expect(events.filter((event) => !event.seriesId).every((event) => event.recurrenceDate === null)).toBe(true);
  });

  it("covers every type, stored status (ACTIVE and COMPLETED are the clock's), visibility and attendance mode", () => {
    const seen = <T>(pick: (event: DemoEvent) => T | T[]) => new Set(events.flatMap((event) => pick(event)));
    expect([...seen((event) => event.eventType)].sort()).toEqual([...EVENT_TYPES].sort());
    expect([...seen((event) => event.status)].sort()).toEqual([...STORED_EVENT_STATUSES].sort());
    expect([...seen((event) => event.visibility)].sort()).toEqual([...EVENT_VISIBILITIES].sort());
    expect([...seen((event) => event.attendanceModes)].sort()).toEqual([...ATTENDANCE_MODES].sort());
    // Mostly scheduled and public.
    expect(events.filter((event) => event.status === "SCHEDULED").length).toBeGreaterThan(events.length * 0.8);
    expect(events.filter((event) => event.visibility === "public").length).toBeGreaterThan(events.length * 0.85);
  });

  it("uses serviceType only for services, and known audiences", () => {
    for (const event of events) {
      if (event.eventType === "SERVICE") expect(event.serviceType).toMatch(/^[a-z]+(-[a-z]+)*$/);
      else expect(event.serviceType).toBeNull();
      expect(event.audience.length).toBeGreaterThanOrEqual(1);
      expect(event.audience.length).toBeLessThanOrEqual(3);
      for (const audience of event.audience) expect(KNOWN_AUDIENCES).toContain(audience);
      expect(event.attendanceModes.length).toBeGreaterThan(0);
    }
    const serviceTypes = new Set(events.map((event) => event.serviceType));
    for (const expected of ["sunday-morning", "sunday-evening", "midweek"]) expect(serviceTypes).toContain(expected);
  });

  it("has unique, well-formed ids and slugs", () => {
    const ids = events.map((event) => event.id);
    const slugs = events.map((event) => event.slug);
    expect(new Set(ids).size).toBe(events.length);
    expect(new Set(slugs).size).toBe(events.length);
    for (const event of events) {
      expect(event.id).toMatch(/^evt_[0-9a-z]{10}$/);
      expect(event.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(event.slug).toContain(event.startDate);
    }
  });

  it("keeps every event inside the next 12 months, starting today", () => {
    expectInWindow(events, TODAY);
    expect(events[0]!.startDate).toBe(TODAY);
    const nearTerm = events.filter((event) => event.startDate <= plusDays(TODAY, 1) && event.visibility === "public" && event.status !== "DRAFT");
    expect(nearTerm.length).toBeGreaterThanOrEqual(3);
    // Spread over the year, not bunched at the start.
    const months = new Set(events.map((event) => event.startDate.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(12);
  });

  it("computes instants with scheduleInstants, within the maximum duration", () => {
    for (const event of events) {
      const { startAt, endAt } = scheduleInstants(event);
      expect(event.startAt.toISOString(), event.slug).toBe(startAt.toISOString());
      expect(event.endAt.toISOString(), event.slug).toBe(endAt.toISOString());
      expect(event.endAt.getTime()).toBeGreaterThanOrEqual(event.startAt.getTime());
      expect(event.endAt.getTime() - event.startAt.getTime()).toBeLessThanOrEqual(MAX_EVENT_DURATION_DAYS * DAY_MS);
      expect(event.startTime).toMatch(/^\d{2}:\d{2}$/);
      expect(event.endTime).toMatch(/^\d{2}:\d{2}$/);
    }
    const ordered = [...events].sort((a, b) => a.startAt.getTime() - b.startAt.getTime() || a.id.localeCompare(b.id));
    expect(events.map((event) => event.id)).toEqual(ordered.map((event) => event.id));
  });

  it("has multi-day events, a long prayer campaign and events across a DST change", () => {
    const multiDay = events.filter((event) => event.endDate > event.startDate);
    expect(multiDay.length).toBeGreaterThanOrEqual(5);
    expect(multiDay.map((event) => event.eventType)).toEqual(expect.arrayContaining(["CAMP", "CONFERENCE", "PRAYER_CAMPAIGN"]));
    const longest = Math.max(...events.map((event) => event.endAt.getTime() - event.startAt.getTime()));
    expect(longest).toBeGreaterThanOrEqual(30 * DAY_MS);

    // Some zone's events fall on both sides of a DST change.
    const offsetsByZone = new Map<string, Set<number>>();
    for (const event of events) {
      const offsets = offsetsByZone.get(event.timezone) ?? new Set<number>();
      offsets.add(offsetAt(event.startAt, event.timezone));
      offsetsByZone.set(event.timezone, offsets);
    }
    expect([...offsetsByZone.values()].some((offsets) => offsets.size > 1)).toBe(true);
    // And some events span one.
    const spanning = events.filter((event) => offsetAt(event.startAt, event.timezone) !== offsetAt(event.endAt, event.timezone));
    expect(spanning.length).toBeGreaterThanOrEqual(2);
  });

  it("has every optional field both present and absent", () => {
    const optional = [
      "serviceType",
      "ministryId",
      "campusId",
      "seriesId",
      "capacity",
      "organizer",
      "imageUrl",
      "registrationUrl",
      "locationName",
      "locationAddress",
      "latitude",
      "longitude",
    ] as const;
    for (const field of optional) {
      expect(events.some((event) => event[field] !== null), `${field} present`).toBe(true);
      expect(events.some((event) => event[field] === null), `${field} absent`).toBe(true);
    }
    expect(events.some((event) => event.tags.length === 0)).toBe(true);
    expect(events.some((event) => event.tags.length > 0)).toBe(true);
    // Venues with an address but no coordinates (online, homes).
    expect(events.some((event) => event.locationName !== null && event.latitude === null)).toBe(true);
    for (const event of events) {
      expect(event.latitude === null).toBe(event.longitude === null);
      if (event.locationName === null) expect(event.latitude).toBeNull();
      if (event.registrationUrl) expect(new URL(event.registrationUrl).protocol).toBe("https:");
      if (event.capacity !== null) expect(Number.isInteger(event.capacity) && event.capacity > 0).toBe(true);
      expect(event.updatedAt.getTime()).toBeGreaterThanOrEqual(event.createdAt.getTime());
    }
  });

  it("uses only the artwork that exists", () => {
    const folder = path.join(import.meta.dirname, "../../public/images/events");
    const files = new Set(readdirSync(folder));
    for (const name of DEMO_IMAGES) expect(files.has(`${name}.svg`)).toBe(true);
    for (const event of events) {
      if (event.imageUrl === null) continue;
      expect(event.imageUrl).toMatch(/^\/images\/events\/[a-z-]+\.svg$/);
      expect(files.has(path.basename(event.imageUrl))).toBe(true);
    }
    for (const name of DEMO_IMAGES) {
      const file = path.join(folder, `${name}.svg`);
      expect(statSync(file).size).toBeLessThan(3 * 1024);
      const svg = readFileSync(file, "utf8");
      expect(svg).toContain('viewBox="0 0 640 360"');
      expect(svg).not.toMatch(/href=|url\((?!#)|<script|<image/i);
    }
  });

  it("has markup in descriptions, including some hostile markup for the sanitizer", () => {
    expect(events.some((event) => /<p>/.test(event.description) && /<a href="https:/.test(event.description))).toBe(true);
    expect(events.some((event) => /<ul><li>/.test(event.description))).toBe(true);
    expect(events.some((event) => event.description.includes("<script>"))).toBe(true);
    expect(events.some((event) => /onerror=/.test(event.description))).toBe(true);
    expect(events.some((event) => !event.description.includes("<"))).toBe(true);
  });

  it("honours small counts and rejects a bad date", () => {
    expect(buildDemoData({ today: TODAY, eventCount: 0 }).events).toEqual([]);
    const few = buildDemoData({ today: TODAY, eventCount: 12 }).events;
    expect(few).toHaveLength(12);
    expectInWindow(few, TODAY);
    expect(() => buildDemoData({ today: "2026-02-30" })).toThrow(RangeError);
    expect(() => buildDemoData({ today: "tomorrow" })).toThrow(RangeError);
    expect(() => buildDemoData({ today: TODAY, eventCount: -1 })).toThrow(RangeError);
  });

  // How fast it builds is the benchmarks' to measure (bench/calendar.ts seeds this size), not a timed assertion.
  it("builds 50,000 events, all inside the window", () => {
    const { events: bigEvents } = big();
    expect(bigEvents).toHaveLength(50_000);
    expectInWindow(bigEvents, BIG_TODAY);
    expect(new Set(bigEvents.map((event) => event.id)).size).toBe(50_000);
    expect(new Set(bigEvents.map((event) => event.slug)).size).toBe(50_000);
    // Instants are reused across days for speed; a sample checks them against scheduleInstants.
    for (let index = 0; index < bigEvents.length; index += 97) {
      const event = bigEvents[index]!;
      const { startAt, endAt } = scheduleInstants(event);
      expect(event.startAt.getTime()).toBe(startAt.getTime());
      expect(event.endAt.getTime()).toBe(endAt.getTime());
    }
  });
});
