import { describe, expect, it } from "vitest";
import { translatorFor } from "@/lib/i18n/translator";
import { contactHint, phoneNumberHint, unreadableContact, unreadablePhoneNumber } from "./phone-words";

const t = translatorFor("en", "Account");
const es = translatorFor("es", "Account");

describe("the words about typing a phone number", () => {
  it("give the church's country's own example in the hint and in the problem alike", () => {
    expect(phoneNumberHint(t, "US")).toBe("For example (201) 555-0123. For a number in another country, start with + and the country code.");
    expect(unreadablePhoneNumber(t, "US")).toBe("We can’t read that as a phone number. Type it like (201) 555-0123, or for a number in another country, start with + and the country code.");
    expect(phoneNumberHint(t, "GB")).toContain("For example 07400 123456.");
    expect(unreadablePhoneNumber(t, "GB")).toContain("Type it like 07400 123456,");
    expect(contactHint(t, "US")).toBe("An email address, or a mobile number like (201) 555-0123. For a number in another country, start with + and the country code.");
  });

  it("tell a mistyped recovery contact by what it looks like: an address with @, a number without letters", () => {
    expect(unreadableContact(t, "jane@", "US")).toBe("Enter the whole email address, like name@example.org.");
    expect(unreadableContact(t, "not an address", "US")).toBe("Enter an email address, like name@example.org, or a mobile number, like (201) 555-0123.");
    expect(unreadableContact(t, "07700 900123", "US")).toBe(unreadablePhoneNumber(t, "US"));
  });

  it("never say E.164", () => {
    for (const words of [phoneNumberHint(t, "US"), unreadablePhoneNumber(t, "GB"), contactHint(t, "CA")]) expect(words).not.toMatch(/E\.164/);
  });

  it("say the same in Spanish, with the same example", () => {
    expect(phoneNumberHint(es, "US")).toBe("Por ejemplo (201) 555-0123. Para un número de otro país, empiece con + y el código del país.");
    expect(unreadablePhoneNumber(es, "MX")).toContain("No podemos leer eso como un número de teléfono.");
    expect(unreadableContact(es, "jane@", "US")).toBe("Escriba la dirección de correo electrónico completa, como nombre@example.org.");
    for (const words of [phoneNumberHint(es, "US"), unreadablePhoneNumber(es, "GB"), contactHint(es, "CA")]) expect(words).not.toMatch(/E\.164/);
  });
});
