import { getCountries } from "libphonenumber-js";

/**
 * The countries and time zones a church may choose, from the browser's own Intl: call them once the page runs
 * in the browser (useInBrowser), as the server's Intl may name places differently. `locale` is the page's
 * language (next-intl's useLocale()): the countries are named and sorted in it.
 */
export function countryOptions(locale: string): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([locale], { type: "region" });
  const collator = new Intl.Collator(locale);
  return getCountries()
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

export function timeZoneOptions(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return zones.includes(current) ? zones : [current, ...zones];
}

/** "America/Argentina/Buenos_Aires" as a person reads it. */
export function timeZoneLabel(zone: string): string {
  return zone.replaceAll("_", " ").replaceAll("/", " / ");
}
