import { describe, expect, it } from "vitest";
import { FAMILY_CODE_ALPHABET, formatFamilyCode, normalizeFamilyCode } from "./family-code-format.ts";

describe("family code format", () => {
  it.each([
    ["K7QM2-XR9DW", "K7QM2XR9DW"],
    ["k7qm2xr9dw", "K7QM2XR9DW"],
    ["  k7qm2 - xr9dw ", "K7QM2XR9DW"],
    ["K7QM2\tXR9DW", "K7QM2XR9DW"],
  ])("%j is the code %s", (typed, code) => {
    expect(normalizeFamilyCode(typed)).toBe(code);
  });

  it.each([
    ["", "empty"],
    ["K7QM2-XR9D", "too short"],
    ["K7QM2-XR9DWW", "too long"],
    ["K7QM2-XR9D0", "a zero (never issued: it looks like O)"],
    ["K7QM2-XR9DO", "an O"],
    ["K7QM2-XR9D1", "a one"],
    ["K7QM2-XR9DI", "an I"],
    ["K7QM2-XR9DL", "an L"],
    ["K7QM2_XR9DW", "an underscore"],
    ["K7QM2-XR9DÉ", "an accented letter"],
  ])("%j is not a code (%s)", (typed) => {
    expect(normalizeFamilyCode(typed)).toBeNull();
  });

  it("has no look-alike characters", () => {
    for (const confusable of "01IOL") expect(FAMILY_CODE_ALPHABET).not.toContain(confusable);
    expect(new Set(FAMILY_CODE_ALPHABET).size).toBe(FAMILY_CODE_ALPHABET.length);
  });

  it("shows a code in two groups of five", () => {
    expect(formatFamilyCode("K7QM2XR9DW")).toBe("K7QM2-XR9DW");
    expect(normalizeFamilyCode(formatFamilyCode("K7QM2XR9DW"))).toBe("K7QM2XR9DW");
  });
});
