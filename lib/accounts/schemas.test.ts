import { describe, expect, it } from "vitest";
import { FIELD_MESSAGES, emailSchema, newPasswordSchema, registerBodySchema, signInBodySchema, sixDigitCodeSchema } from "./schemas.ts";

describe("account field schemas", () => {
  it("normalises email addresses to trimmed lower case", () => {
    expect(emailSchema.parse("  Mary.Member@Example.ORG ")).toBe("mary.member@example.org");
  });

  it.each(["", "mary", "mary@", "@example.org", "a".repeat(250) + "@example.org"])("refuses the email %j", (value) => {
    const result = emailSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(FIELD_MESSAGES.email);
  });

  it("takes new passwords of 8 to 128 characters, an emoji counting as one (the lists are checked by the services)", () => {
    expect(newPasswordSchema.safeParse("a".repeat(7)).success).toBe(false);
    expect(newPasswordSchema.safeParse("a".repeat(8)).success).toBe(true);
    expect(newPasswordSchema.safeParse("a".repeat(128)).success).toBe(true);
    expect(newPasswordSchema.safeParse("🦊".repeat(128)).success).toBe(true);
    expect(newPasswordSchema.safeParse("a".repeat(129)).success).toBe(false);
  });

  it("accepts 6-digit codes typed with spaces or a dash, and nothing else", () => {
    expect(sixDigitCodeSchema.parse("012345")).toBe("012345");
    expect(sixDigitCodeSchema.parse(" 012 345 ")).toBe("012345");
    expect(sixDigitCodeSchema.parse("012-345")).toBe("012345");
    for (const bad of ["12345", "1234567", "12a456", ""]) expect(sixDigitCodeSchema.safeParse(bad).success).toBe(false);
  });

  it("treats an empty hidden request field as absent and refuses a malformed one", () => {
    expect(signInBodySchema.parse({ email: "a@example.org", password: "x", request: "" }).request).toBeUndefined();
    expect(signInBodySchema.safeParse({ email: "a@example.org", password: "x", request: "../x" }).success).toBe(false);
  });

  it("refuses control characters and angle brackets in names", () => {
    const base = { family_name: "Member", email: "m@example.org", password: "0123456789" };
    expect(registerBodySchema.safeParse({ ...base, given_name: "Mary" }).success).toBe(true);
    expect(registerBodySchema.safeParse({ ...base, given_name: "<b>Mary" }).success).toBe(false);
    expect(registerBodySchema.safeParse({ ...base, given_name: "Ma\u0000ry" }).success).toBe(false);
    expect(registerBodySchema.safeParse({ ...base, given_name: "   " }).success).toBe(false);
  });
});
