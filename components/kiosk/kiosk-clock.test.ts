import { describe, expect, it } from "vitest";
import { eventHours, eventHoursSides, formatLocale, labelDay } from "./kiosk-clock";

// Issue 38: the kiosk's times follow the church's locale and the event's zone, not a 24-hour clock for all
// and not the tablet's settings; issue 41: in the visit's language, still with the church's country's clock.
// Spaces are compared as spaces: ICU writes narrow and thin ones.
const spaced = (text: string) => text.replace(/\s+/g, " ");

const EVENT = { start_at: "2026-11-29T14:30:00.000Z", end_at: "2026-11-29T16:00:00.000Z", timezone: "America/New_York" };

describe("the kiosk's clock", () => {
  it("writes English with the church's country's clock", () => {
    expect(formatLocale("en", "US")).toBe("en-US-u-hc-h12");
    expect(formatLocale("en", "GB")).toBe("en-GB-u-hc-h23");
    expect(formatLocale("en", "gb")).toBe("en-GB-u-hc-h23");
    // No English of Brazil in CLDR: English alone would be the US's 12 hours; Brazil reads 24.
    expect(formatLocale("en", "BR")).toBe("en-BR-u-hc-h23");
    expect(formatLocale("en", "")).toBe("en-US");
  });

  it("writes Spanish with the church's country's clock too", () => {
    // Spanish alone is Spain's 24 hours; a church in the US reads 12, in Mexico too, in Britain 24.
    expect(formatLocale("es", "US")).toBe("es-US-u-hc-h12");
    expect(formatLocale("es", "MX")).toBe("es-MX-u-hc-h12");
    expect(formatLocale("es", "GB")).toBe("es-GB-u-hc-h23");
    expect(formatLocale("es", "")).toBe("es");
  });

  it("shows an event's hours in its own zone, 12-hour in the US and 24-hour in Britain", () => {
    expect(spaced(eventHours(formatLocale("en", "US"), EVENT))).toBe("9:30 – 11:00 AM");
    expect(spaced(eventHours(formatLocale("en", "GB"), EVENT))).toBe("09:30–11:00");
    expect(spaced(eventHours(formatLocale("en", "US"), { ...EVENT, end_at: "2026-11-29T18:00:00.000Z" }))).toBe("9:30 AM – 1:00 PM");
    expect(spaced(eventHours(formatLocale("en", "BR"), { ...EVENT, timezone: "America/Sao_Paulo" }))).toBe("11:30 – 13:00");
    // Spanish in the US: 12 hours, as Spanish writes them.
    expect(spaced(eventHours(formatLocale("es", "US"), { ...EVENT, end_at: "2026-11-29T18:00:00.000Z" }))).toMatch(/^9:30 a\.\s?m\. – 1:00 p\.\s?m\.$/);
  });

  it("dates a label by the event's zone, as the church writes dates", () => {
    // 02:00 on Monday in London is still Sunday evening in Los Angeles.
    expect(labelDay(formatLocale("en", "US"), "2026-11-30T02:00:00.000Z", "America/Los_Angeles")).toBe("Sun, Nov 29");
    expect(labelDay(formatLocale("en", "GB"), "2026-11-30T02:00:00.000Z", "Europe/London")).toBe("Mon 30 Nov");
    // The label of a visit in Spanish: Spanish's day and month.
    expect(labelDay(formatLocale("es", "US"), "2026-11-30T02:00:00.000Z", "America/Los_Angeles")).toMatch(/^dom,? 29 (de )?nov\.?$/);
  });

  it("falls back to the tablet's zone for a zone it does not know, rather than failing", () => {
    expect(() => eventHours("en-US", { ...EVENT, timezone: "Not/AZone" })).not.toThrow();
  });

  it("splits the hours into two sides that stay whole, the line free to break between them", () => {
    const sides = (event: typeof EVENT) => {
      const { start, joiner, end } = eventHoursSides(formatLocale("en", "US"), event);
      return [spaced(start), spaced(joiner), spaced(end)];
    };
    expect(sides(EVENT)).toEqual(["9:30", " – ", "11:00 AM"]);
    // Past midnight, both dates are written: each side keeps its own.
    const [start, , end] = sides({ ...EVENT, start_at: "2026-11-30T04:30:00.000Z", end_at: "2026-11-30T06:00:00.000Z" });
    expect(start).toMatch(/^11\/29\/2026, 11:30 PM$/);
    expect(end).toMatch(/^11\/30\/2026, 1:00 AM$/);
  });
});
