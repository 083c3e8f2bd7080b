import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { EVENT_TYPE_LABELS } from "@/lib/calendar/event-type-labels";
import type { EventType } from "@/lib/calendar/schemas";
import { messagesOf } from "@/lib/i18n/messages";
import type { AppLocale } from "@/lib/kernel/locales";
import { attendanceModeLabel, audienceLabel, eventTypeLabel, happeningNow, statusNote } from "./labels";

const labels = (locale: AppLocale) => createTranslator({ locale, messages: messagesOf(locale), namespace: "Calendar.labels" });

describe("the calendar's labels", () => {
  it("name the event types in English as the contract's table does", () => {
    const t = labels("en");
    for (const type of Object.keys(EVENT_TYPE_LABELS) as EventType[]) expect(eventTypeLabel(t, type)).toBe(EVENT_TYPE_LABELS[type]);
  });

  it("say check-in, statuses and audiences in English as before", () => {
    const t = labels("en");
    expect(attendanceModeLabel(t, "QR_CODE")).toBe("QR code check-in");
    expect(attendanceModeLabel(t, "MANUAL")).toBe("Check-in at the welcome desk");
    expect(attendanceModeLabel(t, "NONE")).toBe("No check-in needed");
    expect(statusNote(t, "CANCELLED")).toEqual({ badge: "Cancelled", note: "This event is cancelled and will not take place." });
    expect(statusNote(t, "POSTPONED")).toEqual({ badge: "Postponed", note: "This event is postponed. A new date will be announced." });
    expect(statusNote(t, "SCHEDULED")).toBeNull();
    expect(statusNote(t, "ACTIVE")).toBeNull();
    expect(happeningNow(t)).toBe("Happening now");
    expect(audienceLabel("newcomers")).toBe("Newcomers");
  });

  it("say them in Spanish", () => {
    const t = labels("es");
    expect(eventTypeLabel(t, "SERVICE")).toBe("Culto");
    expect(eventTypeLabel(t, "LIFE_GROUP")).toBe("Grupo de vida");
    expect(statusNote(t, "CANCELLED")).toEqual({ badge: "Cancelado", note: "Este evento está cancelado y no se realizará." });
    expect(happeningNow(t)).toBe("En curso ahora");
    for (const type of Object.keys(EVENT_TYPE_LABELS) as EventType[]) expect(eventTypeLabel(t, type)).not.toBe(EVENT_TYPE_LABELS[type]);
  });
});
