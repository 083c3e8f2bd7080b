import { describe, expect, it } from "vitest";
import { maskContact, maskEmail, maskPhone } from "./mask-contact.ts";

describe("maskEmail", () => {
  it.each([
    ["jane@example.org", "j***@e***.org"],
    ["jane.doe+church@example.org", "j***@e***.org"],
    ["a@b.co", "a***@b***.co"],
    ["pastor@mail.example.co.uk", "p***@m***.uk"],
    ["ünal@exämple.de", "ü***@e***.de"],
  ])("%s → %s", (address, masked) => {
    expect(maskEmail(address)).toBe(masked);
  });

  it("never shows more than two characters of the address and its top-level domain", () => {
    const address = "someone.with.a.long.name@a-very-long-domain-name.example.org";
    const masked = maskEmail(address);
    expect(masked).toBe("s***@a***.org");
    expect(masked).not.toContain("someone");
    expect(masked).not.toContain("example");
  });

  it("has the same length whatever the address's length", () => {
    expect(maskEmail("jo@example.org").length).toBe(maskEmail("johnathan@example.org").length);
  });
});

describe("maskPhone", () => {
  it.each([
    ["+447700900189", "+44********89"],
    ["+14155550123", "+14*******23"],
    ["+12345678", "+12****78"],
    ["+123456789012345", "+12***********45"],
  ])("%s → %s", (number, masked) => {
    expect(maskPhone(number)).toBe(masked);
  });

  it("hides at least half of the digits of the shortest number", () => {
    expect(maskPhone("+12345678").replace(/[^*]/g, "")).toHaveLength(4);
  });

  it("hides anything that is not E.164 whole", () => {
    expect(maskPhone("4155550123")).toBe("+***");
    expect(maskPhone("+1")).toBe("+***");
  });
});

describe("maskContact", () => {
  it("masks by channel", () => {
    expect(maskContact("email", "jane@example.org")).toBe("j***@e***.org");
    expect(maskContact("phone", "+14155550123")).toBe("+14*******23");
  });
});
