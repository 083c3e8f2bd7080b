import { describe, expect, it } from "vitest";
import { churchLocaleOf, eventHours, eventHoursSides, labelDay } from "./kiosk-clock";

// Issue 38: the kiosk's times follow the church's locale and the event's zone, not a 24-hour clock for all
// and not the tablet's settings. Spaces are compared as spaces: ICU writes narrow and thin ones.
const spaced = (text: string) => text.replace(/\s+/g, " ");

const EVENT = { start_at: "2026-11-29T14:30:00.000Z", end_at: "2026-11-29T16:00:00.000Z", timezone: "America/New_York" };

describe("the kiosk's clock", () => {
  it("writes English with the church's country's clock", () => {
    expect(churchLocaleOf("US")).toBe("en-US-u-hc-h12");
    expect(churchLocaleOf("GB")).toBe("en-GB-u-hc-h23");
    expect(churchLocaleOf("gb")).toBe("en-GB-u-hc-h23");
    // No English of Brazil in CLDR: English alone would be the US's 12 hours; Brazil reads 24.
    expect(churchLocaleOf("BR")).toBe("en-BR-u-hc-h23");
    expect(churchLocaleOf("")).toBe("en-US");
  });

  it("shows an event's hours in its own zone, 12-hour in the US and 24-hour in Britain", () => {
    expect(spaced(eventHours(churchLocaleOf("US"), EVENT))).toBe("9:30 – 11:00 AM");
    expect(spaced(eventHours(churchLocaleOf("GB"), EVENT))).toBe("09:30–11:00");
    expect(spaced(eventHours(churchLocaleOf("US"), { ...EVENT, end_at: "2026-11-29T18:00:00.000Z" }))).toBe("9:30 AM – 1:00 PM");
    expect(spaced(eventHours(churchLocaleOf("BR"), { ...EVENT, timezone: "America/Sao_Paulo" }))).toBe("11:30 – 13:00");
  });

  it("dates a label by the event's zone, as the church writes dates", () => {
    // 02:00 on Monday in London is still Sunday evening in Los Angeles.
    expect(labelDay(churchLocaleOf("US"), "2026-11-30T02:00:00.000Z", "America/Los_Angeles")).toBe("Sun, Nov 29");
    expect(labelDay(churchLocaleOf("GB"), "2026-11-30T02:00:00.000Z", "Europe/London")).toBe("Mon 30 Nov");
  });

  it("falls back to the tablet's zone for a zone it does not know, rather than failing", () => {
    expect(() => eventHours("en-US", { ...EVENT, timezone: "Not/AZone" })).not.toThrow();
  });

  it("splits the hours into two sides that stay whole, the line free to break between them", () => {
    const sides = (event: typeof EVENT) => {
      const { start, joiner, end } = eventHoursSides(churchLocaleOf("US"), event);
      return [spaced(start), spaced(joiner), spaced(end)];
    };
    expect(sides(EVENT)).toEqual(["9:30", " – ", "11:00 AM"]);
    // Past midnight, both dates are written: each side keeps its own.
    const [start, , end] = sides({ ...EVENT, start_at: "2026-11-30T04:30:00.000Z", end_at: "2026-11-30T06:00:00.000Z" });
    expect(start).toMatch(/^11\/29\/2026, 11:30 PM$/);
    expect(end).toMatch(/^11\/30\/2026, 1:00 AM$/);
  });
});
