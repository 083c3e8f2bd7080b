import { describe, expect, it } from "vitest";
import { KIOSK_REFUSALS, kioskRefusal, type KioskRefusalKey } from "@/lib/check-in/kiosk-refusals";
import { messagesOf } from "@/lib/i18n/messages";
import type { AppLocale } from "@/lib/kernel/locales";
import { KioskError, forVolunteer } from "./kiosk-fetch";
import { refusalText } from "./kiosk-parts";
import { knownRefusal } from "./kiosk-refusals";
import { kioskScreenMessages, kioskTranslator } from "./kiosk-words";

/** A refusal as kioskFetch throws it for an answer `{ error, error_description }`. */
const refused = (status: number, code: string, description: string) => new KioskError(status, code, forVolunteer(description), true, description);
const offline = new KioskError(0, "network_error", "The kiosk is offline. Check its network and try again.", false);

/** What the enrolled kiosk shows for `caught` in a visit in `language`, with the words the page hands it. */
const shown = (caught: unknown, language: AppLocale) => refusalText(caught, kioskTranslator(language, kioskScreenMessages(messagesOf(language).Kiosk)), language);

// The kiosk's refusals in the visit's language (issue 41).
describe("refusalText", () => {
  it("shows a refusal in English as it always did: the API's sentence, as the volunteer reads it", () => {
    expect(shown(refused(400, "invalid_request", KIOSK_REFUSALS.memberCodeSpent), "en")).toBe("That code has already been used to collect a child; show a fresh code");
    expect(shown(refused(404, "not_found", KIOSK_REFUSALS.unknownPhone), "en")).toBe("No household has this phone number; scan a member code or card, or ask a volunteer");
    expect(shown(refused(400, "invalid_request", "children: must not be empty"), "en")).toBe("Must not be empty");
  });

  it("says one of the check-in refusals in Spanish, with what the API filled in", () => {
    expect(shown(refused(400, "invalid_request", KIOSK_REFUSALS.memberCodeSpent), "es")).toBe("Este código ya se usó para recoger a un niño. Muestre un código nuevo.");
    expect(shown(refused(400, "invalid_request", kioskRefusal("wrongTextedCode", { tries: 3 })), "es")).toBe(
      "Ese no es el código que le enviamos por mensaje de texto. Le quedan 3 intentos.",
    );
    expect(shown(refused(409, "conflict", kioskRefusal("alreadyCheckedInAtTheSameTime", { child: "Amy", event: "Kids" })), "es")).toBe(
      "Amy ya tiene la entrada registrada en Kids, que es a la misma hora. Por favor, hable con un voluntario.",
    );
    // First names joined as Spanish joins them, not with the API's "and".
    expect(shown(refused(403, "forbidden", kioskRefusal("notAuthorizedToCheckIn", { children: ["Ana", "Ben", "Isa"] })), "es")).toBe(
      "Este adulto figura como NO autorizado para registrar la entrada de Ana, Ben e Isa. No la registre; llame a un miembro del personal.",
    );
  });

  it("says any other sentence in Spanish generically, and an offline tablet as offline", () => {
    expect(shown(refused(400, "invalid_request", "children: must not be empty"), "es")).toBe("Algo salió mal. Inténtelo de nuevo.");
    expect(shown(new KioskError(500, "server_error", "Something went wrong. Try again.", false), "es")).toBe("Algo salió mal. Inténtelo de nuevo.");
    expect(shown(new Error("boom"), "es")).toBe("Algo salió mal. Inténtelo de nuevo.");
    expect(shown(offline, "es")).toBe("El quiosco no tiene conexión. Revise la red e inténtelo de nuevo.");
    expect(shown(offline, "en")).toBe("The kiosk is offline. Check its network and try again.");
  });
});

describe("knownRefusal", () => {
  it("finds every refusal again in the sentence the API wrote, and nothing else", () => {
    for (const key of Object.keys(KIOSK_REFUSALS) as KioskRefusalKey[]) {
      const sentence: string = KIOSK_REFUSALS[key];
      const values = Object.fromEntries([...sentence.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, name === "children" ? ["Amy", "Ben"] : `some ${name}`]));
      const written = sentence.replace(/\{(\w+)\}/g, (_, name: string) => (name === "children" ? "Amy and Ben" : `some ${name}`));
      expect(knownRefusal(written), key).toEqual({ key, values });
    }
    expect(knownRefusal(`${KIOSK_REFUSALS.unknownPhone}.`)).toBeNull();
    expect(knownRefusal("event not found")).toBeNull();
  });

  it("reads an event's title that looks like the words of another refusal as the more specific refusal", () => {
    expect(knownRefusal("Amy is already checked in to Kids at the same time: please see a volunteer")).toEqual({ key: "alreadyCheckedInAtTheSameTime", values: { child: "Amy", event: "Kids" } });
    expect(knownRefusal("Amy is already checked in to Kids: please see a volunteer")).toEqual({ key: "alreadyCheckedIn", values: { child: "Amy", event: "Kids" } });
  });
});
