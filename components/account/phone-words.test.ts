import { describe, expect, it } from "vitest";
import { contactHint, phoneNumberHint, unreadableContact, unreadablePhoneNumber } from "./phone-words";

describe("the words about typing a phone number", () => {
  it("give the church's country's own example in the hint and in the problem alike", () => {
    expect(phoneNumberHint("US")).toBe("For example (201) 555-0123. For a number in another country, start with + and the country code.");
    expect(unreadablePhoneNumber("US")).toBe("We can’t read that as a phone number. Type it like (201) 555-0123, or for a number in another country, start with + and the country code.");
    expect(phoneNumberHint("GB")).toContain("For example 07400 123456.");
    expect(unreadablePhoneNumber("GB")).toContain("Type it like 07400 123456,");
    expect(contactHint("US")).toBe("An email address, or a mobile number like (201) 555-0123. For a number in another country, start with + and the country code.");
  });

  it("tell a mistyped recovery contact by what it looks like: an address with @, a number without letters", () => {
    expect(unreadableContact("jane@", "US")).toBe("Enter the whole email address, like name@example.org.");
    expect(unreadableContact("not an address", "US")).toBe("Enter an email address, like name@example.org, or a mobile number, like (201) 555-0123.");
    expect(unreadableContact("07700 900123", "US")).toBe(unreadablePhoneNumber("US"));
  });

  it("never say E.164", () => {
    for (const words of [phoneNumberHint("US"), unreadablePhoneNumber("GB"), contactHint("CA")]) expect(words).not.toMatch(/E\.164/);
  });
});
