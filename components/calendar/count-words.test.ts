import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { messagesOf } from "@/lib/i18n/messages";
import type { AppLocale } from "@/lib/kernel/locales";
import { hereNowLabel, hereNowWords, placesWords } from "./count-words";
import { signUpHeadline, signUpSummary, type SignUpWords } from "./sign-up-summary";

// The words of one language, as the pages get them from next-intl (useTranslations, getTranslations).
const counts = (locale: AppLocale) => createTranslator({ locale, messages: messagesOf(locale), namespace: "Calendar.counts" });
const signUpWords = (locale: AppLocale): SignUpWords => ({ t: createTranslator({ locale, messages: messagesOf(locale), namespace: "Calendar.signUp" }), counts: counts(locale), locale });

// Each count in its own words (docs/decisions/0024, "What each count means"): places for sign-ups, here now for check-ins.
describe("count words", () => {
  const summary = { state: "open" as const, opens_at: null, closes_at: null, capacity: 20, registered: 17, spaces_left: 3, waitlist: false, waitlisted: 0 };
  const t = counts("en");

  it("says places for sign-ups", () => {
    expect(placesWords(t, summary)).toBe("3 of 20 places left");
    expect(placesWords(t, { ...summary, capacity: 1, spaces_left: 1 })).toBe("1 of 1 place left");
    expect(placesWords(t, { ...summary, spaces_left: 0, waitlisted: 2 })).toBe("Full: all 20 places are taken · 2 on the waitlist");
    expect(placesWords(t, { ...summary, capacity: 1, spaces_left: 0 })).toBe("Full: the 1 place is taken");
    expect(placesWords(t, { ...summary, capacity: null, spaces_left: null })).toBe("No limit on places");
    // Numbers as the English sentences have always written them.
    expect(placesWords(t, { ...summary, capacity: 1200, spaces_left: 1100 })).toBe("1100 of 1200 places left");
  });

  it("says here now for check-ins", () => {
    expect(hereNowWords(t, 12, null)).toBe("12 here now");
    expect(hereNowWords(t, 12, 20)).toBe("12 here now · room for 8 more (capacity 20)");
    expect(hereNowWords(t, 3, 3)).toBe("3 here now · no room for more (capacity 3)");
    expect(hereNowLabel(t, 0, 3)).toBe("here now · room for 3 more (capacity 3)");
  });

  it("puts the places into the event page's sentences", () => {
    const words = signUpWords("en");
    const full = { ...summary, spaces_left: 0, registered: 20, waitlist: true, waitlisted: 1 };
    expect(signUpSummary(words, full, "UTC")).toBe("Full: all 20 places are taken · 1 on the waitlist. You can join the waitlist.");
    expect(signUpSummary(words, { ...summary, closes_at: "2027-03-01T10:00:00.000Z" }, "UTC")).toBe("3 of 20 places left. Sign-up closes Mon, Mar 1, 10:00 AM UTC.");
    expect(signUpSummary(words, { ...summary, state: "not_yet", opens_at: "2027-03-01T15:30:00.000Z" }, "America/New_York")).toBe("Sign-up opens Mon, Mar 1, 10:30 AM EST.");
    expect(signUpHeadline(words, { ...summary, closes_at: "2027-03-01T10:00:00.000Z" }, "UTC")).toBe("3 of 20 places left.");
    expect(signUpHeadline(words, { ...summary, state: "closed" }, "UTC")).toBe("Sign-up has closed.");
  });

  it("says them in Spanish too, with Spanish plurals", () => {
    const es = counts("es");
    expect(placesWords(es, summary)).toBe("3 de 20 lugares disponibles");
    expect(placesWords(es, { ...summary, capacity: 1, spaces_left: 1 })).toBe("1 de 1 lugar disponible");
    expect(placesWords(es, { ...summary, spaces_left: 0, waitlisted: 2 })).toBe("Completo: los 20 lugares están ocupados · 2 en la lista de espera");
    expect(hereNowWords(es, 1, null)).toBe("1 presente ahora");
    expect(hereNowWords(es, 12, 20)).toBe("12 presentes ahora · hay lugar para 8 más (capacidad 20)");
    const words = signUpWords("es");
    const full = { ...summary, spaces_left: 0, registered: 20, waitlist: true, waitlisted: 1 };
    expect(signUpSummary(words, full, "UTC")).toBe("Completo: los 20 lugares están ocupados · 1 en la lista de espera. Puede anotarse en la lista de espera.");
    // Spanish day and month names, on the 12-hour clock the event's times use; ICU's spaces compared as spaces.
    expect(signUpSummary(words, { ...summary, closes_at: "2027-03-01T10:00:00.000Z" }, "UTC").replace(/\s+/g, " ")).toMatch(/^3 de 20 lugares disponibles\. Las inscripciones cierran el lun, 1 mar, 10:00 a\. ?m\. UTC\.$/);
    expect(signUpHeadline(words, { ...summary, state: "closed" }, "UTC")).toBe("Las inscripciones ya cerraron.");
  });
});
