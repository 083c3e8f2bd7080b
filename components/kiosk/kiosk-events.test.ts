import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import type { OpenEvent } from "@/lib/check-in/schemas";
import { presentWords, withCheckOuts } from "./kiosk-events";
import type { KioskT } from "./kiosk-words";

// The two messages the counts are said with ("Kiosk.screen" of messages/en.json and es.json).
const words = {
  en: { checkedIn: "{count} checked in", checkedInOf: "{count} of {capacity} checked in" },
  es: { checkedIn: "Presentes: {count}", checkedInOf: "Presentes: {count} de {capacity}" },
};
const translator = (locale: "en" | "es") => createTranslator({ locale, messages: { Kiosk: { screen: words[locale] } }, namespace: "Kiosk" }) as unknown as KioskT;

// Issue 38: the kiosk's "checked in" count moves down as soon as children are picked up.
const event = (id: string, checked_in: number, capacity: number | null = null): OpenEvent => ({
  id,
  title: id,
  start_at: "2026-11-29T14:30:00.000Z",
  end_at: "2026-11-29T16:00:00.000Z",
  timezone: "UTC",
  capacity,
  checked_in,
  attendance_modes: ["QR_CODE"],
  check_in_open: true,
});

describe("the kiosk's counts", () => {
  it("says how many are here, against the places when there are some", () => {
    expect(presentWords(translator("en"), event("a", 3))).toBe("3 checked in");
    expect(presentWords(translator("en"), event("a", 3, 20))).toBe("3 of 20 checked in");
    expect(presentWords(translator("en"), event("a", 1200, 2000))).toBe("1200 of 2000 checked in");
    expect(presentWords(translator("es"), event("a", 3, 20))).toBe("Presentes: 3 de 20");
  });

  it("counts each child picked up off their own event at once", () => {
    const before = [event("kids", 3, 20), event("youth", 2), event("other", 1)];
    const after = withCheckOuts(before, [{ event_id: "kids" }, { event_id: "kids" }, { event_id: "youth" }]);
    expect(after.map((row) => [row.id, row.checked_in])).toEqual([["kids", 1], ["youth", 1], ["other", 1]]);
    expect(before.map((row) => row.checked_in)).toEqual([3, 2, 1]);
    expect(withCheckOuts([event("kids", 0)], [{ event_id: "kids" }])[0]!.checked_in).toBe(0);
  });
});
