import { describe, expect, it } from "vitest";
import { negotiateLocale, type LocaleChoices } from "./negotiate-locale.ts";

const NOTHING: LocaleChoices = { saved: null, uiLocales: null, cookie: null, acceptLanguage: null, churchDefault: "en" };

describe("the language a page speaks", () => {
  it("is the church's default when nothing chooses", () => {
    expect(negotiateLocale(NOTHING)).toBe("en");
    expect(negotiateLocale({ ...NOTHING, churchDefault: "es" })).toBe("es");
  });

  it("follows the browser's languages by their q-values, by language", () => {
    expect(negotiateLocale({ ...NOTHING, acceptLanguage: "es-MX,es;q=0.9,en;q=0.8" })).toBe("es");
    expect(negotiateLocale({ ...NOTHING, acceptLanguage: "fr-FR,fr;q=0.9,es;q=0.5,en;q=0.4" })).toBe("es");
    expect(negotiateLocale({ ...NOTHING, acceptLanguage: "en;q=0.2,es;q=0.8" })).toBe("es");
    expect(negotiateLocale({ ...NOTHING, acceptLanguage: "de, fr", churchDefault: "es" })).toBe("es");
    expect(negotiateLocale({ ...NOTHING, acceptLanguage: "es;q=0" })).toBe("en");
  });

  it("takes the switcher's cookie over the browser, ui_locales over the cookie, the saved preference over all", () => {
    const all: LocaleChoices = { saved: "es", uiLocales: "en", cookie: "es", acceptLanguage: "en", churchDefault: "en" };
    expect(negotiateLocale(all)).toBe("es");
    expect(negotiateLocale({ ...all, saved: null })).toBe("en");
    expect(negotiateLocale({ ...all, saved: null, uiLocales: null })).toBe("es");
    expect(negotiateLocale({ ...all, saved: null, uiLocales: null, cookie: null })).toBe("en");
  });

  it("reads ui_locales as a list, most preferred first, passing over what is not offered", () => {
    expect(negotiateLocale({ ...NOTHING, uiLocales: "fr-CA es-419 en" })).toBe("es");
    expect(negotiateLocale({ ...NOTHING, uiLocales: "fr-CA de", acceptLanguage: "es" })).toBe("es");
  });

  it("passes over a tag that is not one, never failing", () => {
    expect(negotiateLocale({ ...NOTHING, saved: "not a tag!", cookie: "__proto__", uiLocales: "  ", acceptLanguage: ";;;q=x" })).toBe("en");
  });
});
