import path from "node:path";
import { describe, expect, it } from "vitest";
import { compileWidgetMessages } from "./compile-messages.ts";
import { widgetLanguage, widgetTranslator, type WidgetCatalogs } from "./words.ts";

// The catalogues the build puts into the script, from the real messages files.
const catalogs = compileWidgetMessages(path.resolve(import.meta.dirname, "../../../messages"));

describe("the widget's words", () => {
  it("are compiled for every language, with the same messages as English", () => {
    expect(Object.keys(catalogs)).toEqual(expect.arrayContaining(["en", "es"]));
    for (const catalog of Object.values(catalogs)) expect(Object.keys(catalog).sort()).toEqual(Object.keys(catalogs.en!).sort());
  });

  it("say in English exactly what the widget has always said", () => {
    const t = widgetTranslator(catalogs, "en-US");
    expect(t("upcomingEvents")).toBe("Upcoming events");
    expect(t("loading")).toBe("Loading events…");
    expect(t("moreShown", { count: 1 })).toBe("1 more event shown.");
    expect(t("moreShown", { count: 4 })).toBe("4 more events shown.");
    expect(t("eventsInMonth", { count: 1, month: "December 2026" })).toBe("1 event in December 2026.");
    expect(t("eventsInMonth", { count: 12, month: "December 2026" })).toBe("12 events in December 2026.");
    expect(t("noEventsInMonth", { month: "December 2026" })).toBe("No events in December 2026.");
    expect(t("previousMonth", { month: "November 2026" })).toBe("Previous month: November 2026");
    expect(t("until", { time: "11:00 AM" })).toBe("until 11:00 AM");
    expect(t("eventTypes.SPECIAL_EVENT")).toBe("Special event");
    expect(t("status.CANCELLED")).toBe("Cancelled");
  });

  it("speak Spanish for any Spanish locale", () => {
    const t = widgetTranslator(catalogs, "es-MX");
    expect(t("upcomingEvents")).toBe("Próximos eventos");
    expect(t("moreShown", { count: 1 })).toBe("Se muestra 1 evento más.");
    expect(t("moreShown", { count: 3 })).toBe("Se muestran 3 eventos más.");
    expect(t("eventsInMonth", { count: 2, month: "diciembre de 2026" })).toBe("2 eventos en diciembre de 2026.");
    expect(t("eventTypes.SERVICE")).toBe("Culto");
  });

  it("pick the exact tag, then its language, then English", () => {
    const three: WidgetCatalogs = { en: { hi: "Hello" }, es: { hi: "Hola" }, "pt-BR": { hi: "Olá" } };
    expect(widgetLanguage("pt-BR", three)).toBe("pt-BR");
    expect(widgetLanguage("es-419", three)).toBe("es");
    expect(widgetLanguage("pt-PT", three)).toBe("en");
    expect(widgetLanguage("fr", three)).toBe("en");
    expect(widgetLanguage("not a tag", three)).toBe("en");
  });

  it("fall back to English for a message a language lacks", () => {
    const partial: WidgetCatalogs = { en: { calendar: "Calendar", allDay: "all day" }, es: { calendar: "Calendario" } };
    const t = widgetTranslator(partial, "es");
    expect(t("calendar")).toBe("Calendario");
    expect(t("allDay")).toBe("all day");
  });
});
