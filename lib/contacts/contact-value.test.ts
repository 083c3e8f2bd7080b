import { describe, expect, it } from "vitest";
import { parseContactValue } from "./contact-value.ts";

describe("parseContactValue", () => {
  it.each([
    ["jane@example.org", { channel: "email", value: "jane@example.org" }],
    ["  Jane.Doe@Example.ORG ", { channel: "email", value: "jane.doe@example.org" }],
    ["+14155550123", { channel: "phone", value: "+14155550123" }],
    ["+44 7911 123456", { channel: "phone", value: "+447911123456" }],
  ])("%j → %j", (input, parsed) => {
    expect(parseContactValue(input)).toEqual(parsed);
  });

  it.each([["jane@"], ["@example.org"], ["jane@example"], ["jane example.org"], ["4155550123"], ["+1"], [""], ["jane@+14155550123"]])(
    "refuses %j",
    (input) => {
      expect(parseContactValue(input)).toBeNull();
    },
  );

  it("reads a phone number as written in the church's country when given it; an email address as before", () => {
    expect(parseContactValue("(617) 555-0199", "US")).toEqual({ channel: "phone", value: "+16175550199" });
    expect(parseContactValue("07911 123456", "GB")).toEqual({ channel: "phone", value: "+447911123456" });
    expect(parseContactValue("+44 7911 123456", "US")).toEqual({ channel: "phone", value: "+447911123456" });
    expect(parseContactValue("Jane@Example.org", "US")).toEqual({ channel: "email", value: "jane@example.org" });
    expect(parseContactValue("07911 123456", "US")).toBeNull();
    expect(parseContactValue("jane@", "US")).toBeNull();
  });
});
