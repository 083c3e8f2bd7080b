import { describe, expect, it } from "vitest";
import { earliestUpcomingStart, localToInstant, MAX_EVENT_DURATION_DAYS, scheduleInstants } from "./event-time.ts";

describe("local time → instant", () => {
  it("uses standard time before and daylight time after the March change (New York)", () => {
    expect(localToInstant("2026-03-07", "09:30", "America/New_York").toISOString()).toBe("2026-03-07T14:30:00.000Z"); // EST, UTC−5
    expect(localToInstant("2026-03-08", "09:30", "America/New_York").toISOString()).toBe("2026-03-08T13:30:00.000Z"); // EDT, UTC−4
  });

  it("uses daylight time before and standard time after the November change (New York)", () => {
    expect(localToInstant("2026-10-31", "18:00", "America/New_York").toISOString()).toBe("2026-10-31T22:00:00.000Z");
    expect(localToInstant("2026-11-01", "18:00", "America/New_York").toISOString()).toBe("2026-11-01T23:00:00.000Z");
  });

  it("moves a time inside the spring-forward gap forward by the gap", () => {
    // 02:30 does not exist on 8 March 2026 in New York; it is read as 03:30 EDT.
    expect(localToInstant("2026-03-08", "02:30", "America/New_York").toISOString()).toBe("2026-03-08T07:30:00.000Z");
  });

  it("takes the earlier instant of a time that happens twice when clocks fall back", () => {
    expect(localToInstant("2026-11-01", "01:30", "America/New_York").toISOString()).toBe("2026-11-01T05:30:00.000Z");
  });

  it("follows each zone's own rules: London changes on another date than New York", () => {
    expect(localToInstant("2026-03-22", "10:00", "Europe/London").toISOString()).toBe("2026-03-22T10:00:00.000Z"); // GMT
    expect(localToInstant("2026-03-29", "10:00", "Europe/London").toISOString()).toBe("2026-03-29T09:00:00.000Z"); // BST
    expect(localToInstant("2026-07-01", "10:00", "America/Phoenix").toISOString()).toBe("2026-07-01T17:00:00.000Z"); // no DST
  });

  it("rejects unknown zones and impossible dates", () => {
    expect(() => localToInstant("2026-03-08", "09:30", "Mars/Olympus_Mons")).toThrow(/unknown time zone/);
    expect(() => localToInstant("2026-02-30", "09:30", "America/New_York")).toThrow(/invalid local date-time/);
    expect(() => localToInstant("2026-02-03", "25:00", "America/New_York")).toThrow(/invalid local date-time/);
  });
});

describe("schedule instants", () => {
  it("gives an event that spans the DST change its real duration (one hour shorter)", () => {
    const { startAt, endAt } = scheduleInstants({
      startDate: "2026-03-07",
      startTime: "20:00",
      endDate: "2026-03-08",
      endTime: "08:00",
      timezone: "America/New_York",
    });
    expect((endAt.getTime() - startAt.getTime()) / 3_600_000).toBe(11);
  });

  it("refuses an end before the start and events longer than the maximum", () => {
    const base = { startDate: "2026-05-01", startTime: "10:00", timezone: "Europe/London" };
    expect(() => scheduleInstants({ ...base, endDate: "2026-05-01", endTime: "09:00" })).toThrow(/end before/);
    expect(() => scheduleInstants({ ...base, endDate: "2026-08-01", endTime: "10:00" })).toThrow(new RegExp(`${MAX_EVENT_DURATION_DAYS} days`));
  });

  it("bounds the feed scan by the maximum duration", () => {
    const now = new Date("2026-06-01T00:00:00Z");
    expect(now.getTime() - earliestUpcomingStart(now).getTime()).toBe(MAX_EVENT_DURATION_DAYS * 86_400_000);
  });
});
