import { describe, expect, it } from "vitest";
import { contactCodeBodySchema, createRecoveryContactBodySchema, startPhoneVerificationBodySchema } from "./schemas.ts";

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);

describe("createRecoveryContactBodySchema", () => {
  it("infers the channel and normalises the value", () => {
    expect(createRecoveryContactBodySchema.parse({ value: " Jane@Example.org" })).toEqual({ value: { channel: "email", value: "jane@example.org" } });
    expect(createRecoveryContactBodySchema.parse({ value: "+1 415 555 0123" })).toEqual({ value: { channel: "phone", value: "+14155550123" } });
  });

  it.each([[{ value: "jane" }], [{ value: "0415 555 0123" }], [{ value: 12 }], [{}], [{ value: `${"a".repeat(250)}@example.org` }]])("refuses %j naming the field", (body) => {
    expect(issues(createRecoveryContactBodySchema.safeParse(body))).toEqual([
      "value: must be an email address or a phone number in international format, like +14155550123",
    ]);
  });

  it("refuses unknown fields", () => {
    expect(createRecoveryContactBodySchema.safeParse({ value: "jane@example.org", channel: "email" }).success).toBe(false);
  });
});

describe("startPhoneVerificationBodySchema", () => {
  it("answers the E.164 form", () => {
    expect(startPhoneVerificationBodySchema.parse({ phone: "+44 7911 123456" })).toEqual({ phone: "+447911123456" });
  });
  it.each([[{ phone: "07700900123" }], [{ phone: "jane@example.org" }], [{ phone: 447700900123 }], [{}]])("refuses %j", (body) => {
    expect(issues(startPhoneVerificationBodySchema.safeParse(body))).toEqual(["phone: must be a phone number in international format (E.164), like +14155550123"]);
  });
});

describe("contactCodeBodySchema", () => {
  it.each([["123456", true], ["012345", true], ["12345", false], ["1234567", false], ["12 456", false]])("%s → %s", (code, ok) => {
    expect(contactCodeBodySchema.safeParse({ code }).success).toBe(ok);
  });
});
