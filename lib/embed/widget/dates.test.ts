import { describe, expect, it } from "vitest";
import { addMonths, daysCovered, describeDay, describeMonth, describeTime, describeWhen, firstDayOfWeek, lastDateOf, monthWeeks, weekdayNames } from "./dates.ts";

describe("widget dates", () => {
  it("says an event's day and times as written, in the event's own time zone, as written", () => {
    const event = { startDate: "2026-12-06", startTime: "09:30", endDate: "2026-12-06", endTime: "11:00" };
    expect(describeWhen(event, "en-US")).toBe("Sunday, December 6, 2026, 9:30 AM – 11:00 AM");
    // Another locale's words and order (ICU versions differ in details such as a leading zero).
    expect(describeWhen(event, "de-DE")).toMatch(/^Sonntag, 6\. Dezember 2026, 0?9:30 – 11:00$/);
  });

  it("names both days of an event over several days", () => {
    const event = { startDate: "2027-01-08", startTime: "18:00", endDate: "2027-01-10", endTime: "14:00" };
    expect(describeWhen(event, "en-US")).toBe("Friday, January 8, 2027, 6:00 PM – Sunday, January 10, 2027, 2:00 PM");
  });

  it("formats times, days and months", () => {
    expect(describeTime("18:05", "en-US")).toBe("6:05 PM");
    expect(describeDay("2026-03-29", "en-US")).toBe("Sunday, March 29");
    expect(describeMonth({ year: 2026, month: 12 }, "en-US")).toBe("December 2026");
    expect(weekdayNames("en-US")[0]).toEqual(["Sun", "Sunday"]);
  });

  it("steps across years", () => {
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(lastDateOf({ year: 2028, month: 2 })).toBe("2028-02-29");
  });

  it("lays a month out in weeks from Sunday", () => {
    const weeks = monthWeeks({ year: 2026, month: 11 });
    // November 2026 starts on a Sunday and has 30 days: five weeks, the last with one day.
    expect(weeks).toHaveLength(5);
    expect(weeks[0]?.[0]).toBe("2026-11-01");
    expect(weeks[4]).toEqual(["2026-11-29", "2026-11-30", null, null, null, null, null]);
    const february = monthWeeks({ year: 2027, month: 2 });
    expect(february[0]?.slice(0, 2)).toEqual([null, "2027-02-01"]);
    expect(february.flat().filter(Boolean)).toHaveLength(28);
  });

  it("starts the week where the locale does: Sunday in the United States, Monday in Britain and Germany", () => {
    expect(firstDayOfWeek("en-US")).toBe(0);
    expect(firstDayOfWeek("en-GB")).toBe(1);
    expect(firstDayOfWeek("de-DE")).toBe(1);
    expect(weekdayNames("en-GB", 1).map(([short]) => short)).toEqual(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
    // November 2026 starts on a Sunday: the last day of a Monday-first row, whose first six are empty.
    const weeks = monthWeeks({ year: 2026, month: 11 }, 1);
    expect(weeks[0]).toEqual([null, null, null, null, null, null, "2026-11-01"]);
    expect(weeks.at(-1)).toEqual(["2026-11-30", null, null, null, null, null, null]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
  });

  it("shows an event on each day of the month it covers, one begun last month too", () => {
    const camp = { startDate: "2026-11-30", startTime: "18:00", endDate: "2026-12-02", endTime: "14:00" };
    expect(daysCovered(camp, "2026-12-01", "2026-12-31")).toEqual([
      ["2026-12-01", "between"],
      ["2026-12-02", "last"],
    ]);
    expect(daysCovered(camp, "2026-11-01", "2026-11-30")).toEqual([["2026-11-30", "first"]]);
    const evening = { startDate: "2026-12-05", startTime: "19:00", endDate: "2026-12-05", endTime: "21:00" };
    expect(daysCovered(evening, "2026-12-01", "2026-12-31")).toEqual([["2026-12-05", "first"]]);
    expect(daysCovered(evening, "2027-01-01", "2027-01-31")).toEqual([]);
    // Until midnight: the next day is not one of its days.
    const watchNight = { startDate: "2026-12-31", startTime: "22:00", endDate: "2027-01-01", endTime: "00:00" };
    expect(daysCovered(watchNight, "2027-01-01", "2027-01-31")).toEqual([]);
    expect(daysCovered(watchNight, "2026-12-01", "2026-12-31")).toEqual([["2026-12-31", "first"]]);
  });
});
