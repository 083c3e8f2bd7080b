import { describe, expect, it } from "vitest";
import { isE164, parsePhoneNumber } from "./phone-number.ts";

describe("parsePhoneNumber", () => {
  it.each([
    ["+14155550123", "+14155550123"],
    ["+44 7911 123456", "+447911123456"],
    ["+1 (415) 555-0123", "+14155550123"],
    ["+33.1.23.45.67.89", "+33123456789"],
    ["  +4915123456789  ", "+4915123456789"],
    ["+61 4 1234 5678", "+61412345678"],
  ])("reads %j as %s", (input, e164) => {
    expect(parsePhoneNumber(input)).toEqual({ e164 });
  });

  it.each([
    ["no plus", "14155550123"],
    ["a national number", "07700 900123"],
    ["a leading zero country code", "+04155550123"],
    ["too short (7 digits)", "+1234567"],
    ["too long (16 digits)", "+1234567890123456"],
    ["E.164 in form but too short for its country", "+12345678"],
    ["E.164 in form but no country's number", "+123456789012345"],
    ["an area code that does not exist (555)", "+15551234567"],
    ["a UK number one digit short", "+44791112345"],
    ["letters", "+1415555CALL"],
    ["two plus signs", "++14155550123"],
    ["an extension", "+14155550123 ext 5"],
    ["empty", ""],
    ["just a plus", "+"],
    ["an email address", "j@example.org"],
    ["an absurdly long input", `+1${" ".repeat(50)}4155550123`],
  ])("refuses %s", (_label, input) => {
    expect(parsePhoneNumber(input)).toBeNull();
  });
});

describe("isE164", () => {
  it("accepts only the bare E.164 form", () => {
    expect(isE164("+14155550123")).toBe(true);
    expect(isE164("+1 415 555 0123")).toBe(false);
    expect(isE164("+14155550123\n")).toBe(false);
  });
});
