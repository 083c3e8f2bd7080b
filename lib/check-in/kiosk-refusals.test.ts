import { describe, expect, it } from "vitest";
import { translatorFor } from "../i18n/translator.ts";
import { messagesOf } from "../i18n/messages.ts";
import { KIOSK_REFUSALS, kioskRefusal, type KioskRefusalKey } from "./kiosk-refusals.ts";

const KEYS = Object.keys(KIOSK_REFUSALS) as KioskRefusalKey[];

/** Each placeholder filled with itself, so a sentence formatted by the messages shows its placeholders as written. */
function asWritten(sentence: string): Record<string, string> {
  return Object.fromEntries([...sentence.matchAll(/\{(\w+)\}/g)].map(([placeholder, name]) => [name!, placeholder]));
}

// The kiosk's refusals in the visit's language (issue 41): the API's English sentences are the English messages.
describe("KIOSK_REFUSALS", () => {
  it("are the English Kiosk.refusals messages word for word, as the messages format them", () => {
    expect(messagesOf("en").Kiosk.refusals).toEqual(KIOSK_REFUSALS);
    const t = translatorFor("en", "Kiosk");
    for (const key of KEYS) expect(t(`refusals.${key}`, asWritten(KIOSK_REFUSALS[key])), key).toBe(KIOSK_REFUSALS[key]);
  });

  it("have a Spanish message each, not the English one, taking the same placeholders", () => {
    const t = translatorFor("es", "Kiosk");
    expect(Object.keys(messagesOf("es").Kiosk.refusals).sort()).toEqual([...KEYS].sort());
    for (const key of KEYS) {
      const spanish = t(`refusals.${key}`, asWritten(KIOSK_REFUSALS[key]));
      expect(spanish, key).not.toBe(KIOSK_REFUSALS[key]);
      expect(spanish.match(/\{\w+\}/g)?.sort() ?? [], key).toEqual(expect.arrayContaining(KIOSK_REFUSALS[key].match(/\{\w+\}/g) ?? []));
    }
  });

  it("fill in what the services throw, as they always wrote it", () => {
    expect(kioskRefusal("wrongTextedCode", { tries: 4 })).toBe("code: is not the code we texted; 4 tries left");
    expect(kioskRefusal("placesLeft", { event: "Kids' Church", left: 2 })).toBe("Kids' Church has only 2 places left");
    expect(kioskRefusal("notAuthorizedToCheckIn", { children: ["Amy", "Ben", "Cy"] })).toBe("this adult is marked NOT authorized for Amy and Ben and Cy: do not check them in; fetch a staff member");
    expect(kioskRefusal("alreadyCheckedIn", { child: "Amy", event: "Costs {$1}" })).toBe("Amy is already checked in to Costs {$1}: please see a volunteer");
  });
});
