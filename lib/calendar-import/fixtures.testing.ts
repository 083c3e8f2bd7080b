/**
 * Test support only: iCalendar texts shaped like the exports churches bring (Google, Outlook, Apple), built
 * line by line so each test shows the properties it is about.
 */

/** A VCALENDAR around `parts` (VTIMEZONE and VEVENT lines), CRLF line ends as RFC 5545 writes them. */
export function calendarText(parts: string[][], header: string[] = []): string {
  return ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//Calendar import//EN", ...header, ...parts.flat(), "END:VCALENDAR", ""].join("\r\n");
}

/** A VEVENT from its property lines, with a DTSTAMP as every exporter writes. */
export function vevent(...lines: string[]): string[] {
  return ["BEGIN:VEVENT", "DTSTAMP:20241201T000000Z", ...lines, "END:VEVENT"];
}

/** Google's VTIMEZONE for America/New_York (US rules since 2007). */
export const NEW_YORK_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:America/New_York",
  "X-LIC-LOCATION:America/New_York",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:-0500",
  "TZOFFSETTO:-0400",
  "TZNAME:EDT",
  "DTSTART:19700308T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:-0400",
  "TZOFFSETTO:-0500",
  "TZNAME:EST",
  "DTSTART:19701101T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

/** Outlook's VTIMEZONE: a Windows zone name ICU does not know, with the same US rules. */
export const OUTLOOK_EASTERN_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:Eastern Standard Time",
  "BEGIN:STANDARD",
  "DTSTART:16010101T020000",
  "TZOFFSETFROM:-0400",
  "TZOFFSETTO:-0500",
  "RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=1SU;BYMONTH=11",
  "END:STANDARD",
  "BEGIN:DAYLIGHT",
  "DTSTART:16010101T020000",
  "TZOFFSETFROM:-0500",
  "TZOFFSETTO:-0400",
  "RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=2SU;BYMONTH=3",
  "END:DAYLIGHT",
  "END:VTIMEZONE",
];

/** A zone with one fixed offset ("+0100"), under any name. */
export function fixedOffsetVtimezone(tzid: string, offset: string): string[] {
  return ["BEGIN:VTIMEZONE", `TZID:${tzid}`, "BEGIN:STANDARD", "DTSTART:19700101T000000", `TZOFFSETFROM:${offset}`, `TZOFFSETTO:${offset}`, "END:STANDARD", "END:VTIMEZONE"];
}
