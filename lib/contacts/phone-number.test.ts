import { describe, expect, it } from "vitest";
import { examplePhoneNumber, formatPhoneNumber, isE164, isPhoneCountry, parsePhoneNumber } from "./phone-number.ts";

describe("parsePhoneNumber without a default country (the API: E.164 only)", () => {
  it.each([
    ["+14155550123", "+14155550123"],
    ["+44 7911 123456", "+447911123456"],
    ["+1 (415) 555-0123", "+14155550123"],
    ["+33.1.23.45.67.89", "+33123456789"],
    ["  +4915123456789  ", "+4915123456789"],
    ["+61 4 1234 5678", "+61412345678"],
  ])("reads %j as %s", (input, e164) => {
    expect(parsePhoneNumber(input)?.e164).toBe(e164);
  });

  it("shows a number read without a default country in international format", () => {
    expect(parsePhoneNumber("+14155550123")).toEqual({ e164: "+14155550123", display: "+1 415 555 0123" });
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

describe("parsePhoneNumber with the church's country", () => {
  it.each([
    // Britain: the national prefix 0, the international access code 00, and numbers abroad with +.
    ["GB", "07911 123456", "+447911123456", "07911 123456"],
    ["GB", "07911123456", "+447911123456", "07911 123456"],
    ["GB", "07911-123-456", "+447911123456", "07911 123456"],
    ["GB", "020 7946 0018", "+442079460018", "020 7946 0018"],
    ["GB", "+44 7911 123456", "+447911123456", "07911 123456"],
    ["GB", "0044 7911 123456", "+447911123456", "07911 123456"],
    // The country's own code without its +: libphonenumber sees the national number after it.
    ["GB", "44 7911 123456", "+447911123456", "07911 123456"],
    ["GB", "+1 (617) 555-0199", "+16175550199", "+1 617 555 0199"],
    // The US: with or without the leading 1, brackets and dots; 011 to dial abroad.
    ["US", "(617) 555-0199", "+16175550199", "(617) 555-0199"],
    ["US", "617.555.0199", "+16175550199", "(617) 555-0199"],
    ["US", "6175550199", "+16175550199", "(617) 555-0199"],
    ["US", "1 617 555 0199", "+16175550199", "(617) 555-0199"],
    ["US", "+1 617 555 0199", "+16175550199", "(617) 555-0199"],
    ["US", "\u00a0617\u00a0555\u00a00199 ", "+16175550199", "(617) 555-0199"],
    ["US", "+44 7911 123456", "+447911123456", "+44 7911 123456"],
    ["US", "011 44 7911 123456", "+447911123456", "+44 7911 123456"],
    // Canada shares the US's calling code: dialled, and so written, like a US number.
    ["US", "(416) 555-0199", "+14165550199", "(416) 555-0199"],
  ] as const)("%s: reads %j as %s, shown %j", (country, input, e164, display) => {
    expect(parsePhoneNumber(input, country)).toEqual({ e164, display });
  });

  it.each([
    ["GB", "a national number one digit short", "07911 12345"],
    ["GB", "a US number without its country code", "(617) 555-0199"],
    ["GB", "letters", "07911 CALLME"],
    ["GB", "too long", "07911 123456 789012"],
    ["US", "a British number without its country code", "07911 123456"],
    ["US", "an area code that does not exist", "(555) 123-4567"],
    ["US", "too short", "555-0199"],
    ["US", "too long", "617 555 0199 0199"],
    ["US", "letters", "617-555-CALL"],
    ["US", "an extension", "617 555 0199 x12"],
    ["US", "a plus in the middle", "617+5550199"],
    ["US", "two plus signs", "++16175550199"],
    ["US", "an email address", "jane@example.org"],
    ["US", "empty", "   "],
    ["US", "an absurdly long input", `617${" ".repeat(50)}5550199`],
  ] as const)("%s: refuses %s", (country, _label, input) => {
    expect(parsePhoneNumber(input, country)).toBeNull();
  });
});

describe("formatPhoneNumber", () => {
  it.each([
    ["+16175550199", "US", "(617) 555-0199"],
    ["+14165550199", "US", "(416) 555-0199"],
    ["+447911123456", "US", "+44 7911 123456"],
    ["+447911123456", "GB", "07911 123456"],
    ["+16175550199", "GB", "+1 617 555 0199"],
  ] as const)("shows %s in %s as %j", (e164, country, shown) => {
    expect(formatPhoneNumber(e164, country)).toBe(shown);
  });

  it("shows a masked or malformed value as it is", () => {
    expect(formatPhoneNumber("+16*******99", "US")).toBe("+16*******99");
    expect(formatPhoneNumber("+15551234567", "US")).toBe("+15551234567");
    expect(formatPhoneNumber("", "US")).toBe("");
  });
});

describe("examplePhoneNumber", () => {
  it("writes a made-up mobile number as the country writes it", () => {
    expect(examplePhoneNumber("US")).toBe("(201) 555-0123");
    expect(examplePhoneNumber("GB")).toBe("07400 123456");
  });
});

describe("isPhoneCountry", () => {
  it("knows the upper-case ISO codes libphonenumber can read", () => {
    expect(isPhoneCountry("US")).toBe(true);
    expect(isPhoneCountry("GB")).toBe(true);
    expect(isPhoneCountry("us")).toBe(false);
    expect(isPhoneCountry("XX")).toBe(false);
    expect(isPhoneCountry("USA")).toBe(false);
  });
});

describe("isE164", () => {
  it("accepts only the bare E.164 form", () => {
    expect(isE164("+14155550123")).toBe(true);
    expect(isE164("+1 415 555 0123")).toBe(false);
    expect(isE164("+14155550123\n")).toBe(false);
  });
});
