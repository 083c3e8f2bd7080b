import { describe, expect, it } from "vitest";
import { widgetLocale } from "./locale.ts";

describe("the widget's locale", () => {
  it("is its locale attribute first", () => {
    expect(widgetLocale("es-MX", "en", "en-US")).toBe("es-MX");
    expect(widgetLocale("de", null, "en-US")).toBe("de");
  });

  it("else the page's language, in the browser's region when the page names a bare language of the browser's", () => {
    expect(widgetLocale(undefined, "es", "en-US")).toBe("es");
    expect(widgetLocale(undefined, "en", "en-GB")).toBe("en-GB");
    expect(widgetLocale(undefined, "es", "es-419")).toBe("es-419");
    expect(widgetLocale(undefined, "en-AU", "en-GB")).toBe("en-AU");
  });

  it("else the browser's, as before", () => {
    expect(widgetLocale(undefined, null, "en-US")).toBe("en-US");
    expect(widgetLocale(undefined, "", "fr-FR")).toBe("fr-FR");
  });

  it("passes over what Intl would refuse", () => {
    expect(widgetLocale(undefined, "en_US", "en-GB")).toBe("en-GB");
    expect(widgetLocale(undefined, "e", "de-DE")).toBe("de-DE");
    expect(widgetLocale("en-a1", "es", "en-US")).toBe("es");
  });
});
