import { describe, expect, it } from "vitest";
import { countryOptions } from "./region-options";

// The countries a church may choose, named and sorted in the page's language (issue 41).
describe("countryOptions", () => {
  it("names the countries in the page's language", () => {
    expect(countryOptions("en").find((country) => country.code === "ES")?.name).toBe("Spain");
    expect(countryOptions("es").find((country) => country.code === "ES")?.name).toBe("España");
    expect(countryOptions("es").find((country) => country.code === "DE")?.name).toBe("Alemania");
  });

  it("sorts them as the language does", () => {
    for (const locale of ["en", "es"]) {
      const names = countryOptions(locale).map((country) => country.name);
      expect(names).toEqual([...names].sort(new Intl.Collator(locale).compare));
    }
    // Spanish sorts accented letters with their base letter: Åland and Austria near the A's.
    const es = countryOptions("es").map((country) => country.name);
    expect(es.indexOf("Austria")).toBeLessThan(es.indexOf("Bélgica"));
    expect(es.indexOf("Bélgica")).toBeLessThan(es.indexOf("Canadá"));
  });
});
