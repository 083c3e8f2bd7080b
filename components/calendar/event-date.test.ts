import { describe, expect, it } from "vitest";
import { eventTimes, monthHeading } from "./event-date";

// An event's dates in the page's language (issue 41), always in its own time zone.
describe("an event's dates", () => {
  const event = { startDate: "2026-12-06", startTime: "09:30", endDate: "2026-12-06", endTime: "11:00", timezone: "America/New_York" };

  it("head a month in English as before, and in Spanish with a capital", () => {
    expect(monthHeading(event, "en")).toBe("December 2026");
    expect(monthHeading(event, "es")).toBe("Diciembre de 2026");
    expect(monthHeading({ ...event, startDate: "not a date" }, "es")).toBe("not a d");
  });

  it("keep the event's time zone in every language", () => {
    for (const locale of ["en", "es"]) {
      const times = eventTimes(event, locale);
      expect(times?.start.zoneName).toBe("America/New_York");
      expect(times?.start.toISO()).toBe("2026-12-06T09:30:00.000-05:00");
      expect(times?.start.locale).toBe(locale);
    }
  });
});
