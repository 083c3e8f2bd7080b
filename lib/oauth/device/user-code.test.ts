import { describe, expect, it } from "vitest";
import { USER_CODE_ALPHABET, formatUserCode, newUserCode, normalizeUserCode } from "./user-code.ts";

describe("device user codes", () => {
  it("are eight letters of the alphabet, and read back from their printed form", () => {
    for (let round = 0; round < 200; round += 1) {
      const code = newUserCode();
      expect(code).toMatch(new RegExp(`^[${USER_CODE_ALPHABET}]{8}$`));
      expect(normalizeUserCode(formatUserCode(code))).toBe(code);
    }
  });

  it("have no vowels (no words) and no digits (nothing to read as I or O)", () => {
    for (const letter of "AEIOUY0123456789") expect(USER_CODE_ALPHABET).not.toContain(letter);
  });

  it.each([
    ["bcdf-ghjk", "BCDFGHJK"],
    [" BCDF GHJK ", "BCDFGHJK"],
    ["BCDFGHJK", "BCDFGHJK"],
  ])("accepts %j as typed", (typed, code) => {
    expect(normalizeUserCode(typed)).toBe(code);
  });

  it.each(["", "BCDF-GHJ", "BCDF-GHJKL", "BCDF-GHJA", "BCDF_GHJK", "BCDF-GHJ1", "ВCDF-GHJK"])("refuses %j", (typed) => {
    expect(normalizeUserCode(typed)).toBeNull();
  });
});
