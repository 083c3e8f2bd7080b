import { describe, expect, it } from "vitest";
import { plainSpaces } from "./plain-spaces";

describe("plainSpaces", () => {
  it("writes ICU's no-break and narrow no-break spaces as plain spaces, and nothing else differently", () => {
    expect(plainSpaces("3:02\u202Fp.\u202Fm.")).toBe("3:02 p. m.");
    expect(plainSpaces("9:30\u00A0AM EST")).toBe("9:30 AM EST");
    expect(plainSpaces("dom, 6 dic")).toBe("dom, 6 dic");
  });
});
