/**
 * Times and dates on the kiosk and its labels as the church writes them (docs/decisions/0023, "The kiosk in
 * the lobby"): in the visit's language (issue 41: English, Spanish) as written in the church's country
 * (CHURCH_COUNTRY: "9:30 AM" in the US, "09:30" in Britain), and in the event's own time zone (decision 0004),
 * never the tablet's language or zone. Always by Intl.DateTimeFormat: no hour or date is built by hand. Pure:
 * the page works the locales out on the server and hands them to the screen, which formats with the visit's
 * in the browser.
 */

/**
 * The locale the kiosk writes times in, in `language` (an app language's tag), for a church in `country`
 * (ISO 3166-1 alpha-2): `<language>-<country>`, with the country's own clock (12- or 24-hour) pinned by the
 * `hc` extension, taken from the country's main language. CLDR has English for most countries (en-GB, en-DE:
 * 24-hour); where it has none, English would fall back to the US 12-hour clock though the country reads 24
 * hours (Brazil), and Spanish to Spain's 24 hours though the US reads 12: the extension keeps the country's
 * clock. Without a country, the language's own (English's is the US's).
 */
export function formatLocale(language: string, country: string): string {
  const region = country.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(region)) return language === "en" ? "en-US" : language;
  try {
    const main = new Intl.Locale(`und-${region}`).maximize().language;
    const { hourCycle } = new Intl.DateTimeFormat(`${main}-${region}`, { hour: "numeric", minute: "2-digit" }).resolvedOptions();
    return hourCycle ? `${language}-${region}-u-hc-${hourCycle}` : `${language}-${region}`;
  } catch {
    return `${language}-${region}`;
  }
}

/** An event's times where it happens: "9:30 – 11:00 AM" (en-US), "09:30–11:00" (en-GB), "9:30–11:00 a.m." (es-US). */
export function eventHours(locale: string, event: { start_at: string; end_at: string; timezone: string }): string {
  const format = new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone: zoneOrUndefined(event.timezone) });
  return format.formatRange(new Date(event.start_at), new Date(event.end_at));
}

/**
 * The hours as two sides and what joins them ("9:30" " – " "11:00 AM"), so a page can keep each side whole and
 * let the line break between them: an event that runs past midnight is written with both dates, longer than a
 * phone's width.
 */
export function eventHoursSides(locale: string, event: { start_at: string; end_at: string; timezone: string }): { start: string; joiner: string; end: string } {
  const format = new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone: zoneOrUndefined(event.timezone) });
  const parts = format.formatRangeToParts(new Date(event.start_at), new Date(event.end_at));
  const joinerAt = parts.findIndex((part, index) => part.source === "shared" && index > 0 && parts[index - 1]?.source === "startRange");
  if (joinerAt < 0) return { start: parts.map((part) => part.value).join(""), joiner: "", end: "" };
  const text = (from: number, to?: number) => parts.slice(from, to).map((part) => part.value).join("");
  return { start: text(0, joinerAt), joiner: parts[joinerAt]!.value, end: text(joinerAt + 1) };
}

/** The day on a label: "Sun, Nov 29" (en-US), "Sun 29 Nov" (en-GB), "dom, 29 de nov" (es-US), in the event's zone. */
export function labelDay(locale: string, at: string | Date, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat(locale, { weekday: "short", day: "numeric", month: "short", timeZone: zoneOrUndefined(timeZone) }).format(new Date(at));
}

/** A zone the browser knows, or undefined (its own) rather than a RangeError that would blank the screen. */
function zoneOrUndefined(timeZone: string | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
}
