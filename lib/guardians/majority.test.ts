import { describe, expect, it } from "vitest";
import { comesOfAgeOn, isCalendarDate, isMinorOn, latestBirthDateOfAge, utcDate } from "./majority.ts";

describe("coming of age", () => {
  it.each([
    ["2008-04-12", "2026-04-11", true],
    ["2008-04-12", "2026-04-12", false],
    ["2008-04-12", "2026-04-13", false],
    ["2008-12-31", "2026-12-30", true],
    ["2008-12-31", "2026-12-31", false],
    ["2009-01-01", "2026-12-31", true],
  ])("born %s, on %s a minor at 18: %s", (birthDate, today, minor) => {
    expect(isMinorOn(birthDate, today, 18)).toBe(minor);
    expect(comesOfAgeOn(birthDate, 18) > today).toBe(minor);
  });

  it("born on 29 February: of age on 1 March in a year without one, on the 29th in a leap year", () => {
    expect(comesOfAgeOn("2008-02-29", 18)).toBe("2026-03-01");
    expect(isMinorOn("2008-02-29", "2026-02-28", 18)).toBe(true);
    expect(isMinorOn("2008-02-29", "2026-03-01", 18)).toBe(false);
    expect(comesOfAgeOn("2004-02-29", 20)).toBe("2024-02-29");
    expect(isMinorOn("2004-02-29", "2024-02-28", 20)).toBe(true);
    expect(isMinorOn("2004-02-29", "2024-02-29", 20)).toBe(false);
  });

  it("on 29 February, someone born on 1 March 18 years before is still a minor", () => {
    expect(latestBirthDateOfAge("2028-02-29", 18)).toBe("2010-02-29");
    expect(isMinorOn("2010-02-28", "2028-02-29", 18)).toBe(false);
    expect(isMinorOn("2010-03-01", "2028-02-29", 18)).toBe(true);
  });

  it("follows the configured age", () => {
    expect(isMinorOn("2005-06-01", "2025-05-31", 21)).toBe(true);
    expect(isMinorOn("2005-06-01", "2025-05-31", 18)).toBe(false);
    expect(comesOfAgeOn("2005-06-01", 21)).toBe("2026-06-01");
  });

  it("an unknown or malformed birth date is not a minor's", () => {
    for (const birthDate of [null, "", "2011-02-30", "2011-4-12", "12/04/2011", "2011-04-12T00:00:00Z"]) {
      expect(isMinorOn(birthDate, "2026-01-01", 18), String(birthDate)).toBe(false);
    }
    expect(isCalendarDate("2011-04-12")).toBe(true);
    expect(isCalendarDate("2011-13-01")).toBe(false);
    expect(() => comesOfAgeOn("2011-02-30", 18)).toThrow();
  });

  it("counts days in UTC", () => {
    expect(utcDate(new Date("2026-04-11T23:30:00-02:00"))).toBe("2026-04-12");
  });
});
