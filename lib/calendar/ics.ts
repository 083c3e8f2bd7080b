import ical, { ICalCalendarMethod, ICalEventStatus, type ICalEventData, type ICalLocation } from "ical-generator";
import { DateTime } from "luxon";
import { tzlib_get_ical_block, tzlib_get_timezones } from "timezones-ical-library";

import { expandRule, type RecurrenceRule, rruleOf } from "../series/recurrence";
import { localToInstant } from "./event-time";
import type { CalendarEvent, EventType } from "./schemas";

/**
 * iCalendar (RFC 5545) export of public calendar events: a subscribable feed (`buildIcsCalendar`) and a
 * one-event file for "add to my calendar" (`buildIcsEvent`). Pure and deterministic: the same input gives
 * the same bytes (DTSTAMP is the event's updatedAt, never "now"), so responses can be ETag-cached.
 *
 * ical-generator does the text escaping, CRLF line endings and 75-octet folding. Its quirks, worked
 * around here:
 * - Calendar-level NAME / X-WR-CALNAME / X-WR-CALDESC are written unescaped, so we escape them first.
 * - A calendar-level time zone name (which would add X-WR-TIMEZONE) makes it write DTSTAMP, CREATED and
 *   LAST-MODIFIED without the UTC "Z" (floating, and for Date values in the *server's* zone), so no
 *   calendar zone is set: only the VTIMEZONE generator is used, and X-WR-TIMEZONE is left out (optional;
 *   every DTSTART/DTEND carries its own TZID).
 * - A `Date` start with an event time zone is formatted with the server's local getters, so starts and
 *   ends are passed as luxon DateTimes already in the event's zone: the wall-clock time comes out as given.
 * - URL values go through text escaping (`,` → `\,`), which is wrong for a URI, so `,` and `;` are
 *   percent-encoded beforehand.
 * - ORGANIZER's CN is backslash-escaped inside quotes, which RFC 5545 parameters do not allow, so `"` and
 *   `\` are removed from the name.
 * - GEO is skipped when a coordinate is exactly 0 (truthiness check).
 *
 * timezones-ical-library quirks: it returns "" (and logs) for unknown zones, so zones are checked against
 * its list first; for aliases it returns the canonical zone (US/Eastern → TZID:America/New_York, UTC →
 * Etc/UTC), so the TZID of its block is what DTSTART/DTEND reference. Its VTIMEZONEs describe today's
 * rules from 1970 on (RRULE-based), which is right for current and future events only.
 */

export interface IcsCalendarOptions {
  /** Calendar name shown by the subscribing app. */
  name: string;
  /** Absolute origin of the app, e.g. https://church.example; makes event URLs absolute and is the UID domain. */
  baseUrl: string;
  description?: string;
  /** How often subscribers should re-fetch (REFRESH-INTERVAL / X-PUBLISHED-TTL). */
  refreshIntervalMinutes?: number;
  /** The recurring series of the events, so their occurrences are published as one RRULE each (docs/decisions/0026). */
  series?: IcsSeriesIndex;
}

/** A series' rule as the feed needs it: the occurrences' local start time in the zone, and the rule's first date. */
export interface IcsSeries {
  id: string;
  rule: RecurrenceRule;
  startDate: string;
  startTime: string;
  timezone: string;
}

/** The series of a set of events, and the rule date (RECURRENCE-ID date) of each occurrence by event id. */
export interface IcsSeriesIndex {
  series: ReadonlyMap<string, IcsSeries>;
  recurrenceDates: ReadonlyMap<string, string>;
}

export type IcsEventOptions = Omit<IcsCalendarOptions, "name"> & {
  /** Defaults to the event title. */
  name?: string;
};

export const ICS_CONTENT_TYPE = "text/calendar; charset=utf-8";
export const DEFAULT_REFRESH_INTERVAL_MINUTES = 60;
const PRODID = "//Church Calendar//Public Events//EN";
const MAX_SEQUENCE = 2_147_483_647; // clients store SEQUENCE as a signed 32-bit integer

const EVENT_TYPE_LABELS: Record<EventType, string> = {
  SERVICE: "Service",
  CONFERENCE: "Conference",
  COURSE: "Course",
  SPECIAL_EVENT: "Special Event",
  PRAYER_CAMPAIGN: "Prayer Campaign",
  LIFE_GROUP: "Life Group",
  CAMP: "Camp",
  WORKSHOP: "Workshop",
};

/** A VCALENDAR with one VEVENT per event, for calendar subscriptions (Google Calendar, Apple Calendar). */
export function buildIcsCalendar(events: readonly CalendarEvent[], options: IcsCalendarOptions): string {
  return build(events, options, options.refreshIntervalMinutes ?? DEFAULT_REFRESH_INTERVAL_MINUTES);
}

/** A VCALENDAR holding just this event, for "add to my calendar" downloads. */
export function buildIcsEvent(event: CalendarEvent, options: IcsEventOptions): string {
  return build([event], { ...options, name: options.name ?? event.title }, options.refreshIntervalMinutes);
}

function build(events: readonly CalendarEvent[], options: IcsCalendarOptions, refreshMinutes: number | undefined): string {
  const origin = new URL(options.baseUrl).origin;
  const uidDomain = new URL(options.baseUrl).hostname;
  const vtimezones = new Map<string, string>();

  const calendar = ical({
    prodId: PRODID,
    method: ICalCalendarMethod.PUBLISH,
    scale: "GREGORIAN",
    // ical-generator writes these two unescaped.
    name: escapeText(cleanText(options.name).trim()) || null,
    description: options.description ? escapeText(cleanText(options.description).trim()) || null : null,
    // No `name`: see the header comment. The generator only emits the blocks collected below.
    timezone: { name: null, generator: (tzid) => vtimezones.get(tzid) ?? null },
  });
  if (refreshMinutes !== undefined && Number.isFinite(refreshMinutes) && refreshMinutes > 0) {
    calendar.ttl(Math.max(1, Math.round(refreshMinutes)) * 60);
  }

  for (const item of groupSeries(events, options.series)) {
    if ("event" in item) {
      const data = toEventData(item.event, origin, uidDomain, vtimezones);
      if (data) calendar.createEvent(data);
    } else {
      for (const data of seriesEventData(item, origin, uidDomain, vtimezones)) calendar.createEvent(data);
    }
  }
  return calendar.toString() + "\r\n"; // ical-generator omits the CRLF after END:VCALENDAR; RFC 5545 lines all end with one
}

function toEventData(
  event: CalendarEvent,
  origin: string,
  uidDomain: string,
  vtimezones: Map<string, string>,
): ICalEventData | null {
  let start: DateTime;
  let end: DateTime;
  try {
    // Both throw on an unknown zone or malformed date. Stored events are validated (scheduleInstants), so
    // such an event is dropped rather than failing the whole feed; likewise for unparsable timestamps.
    start = DateTime.fromJSDate(localToInstant(event.startDate, event.startTime, event.timezone), { zone: event.timezone });
    end = DateTime.fromJSDate(localToInstant(event.endDate, event.endTime, event.timezone), { zone: event.timezone });
  } catch {
    return null;
  }
  const created = new Date(event.createdAt);
  const updated = new Date(event.updatedAt);
  if (Number.isNaN(created.getTime()) || Number.isNaN(updated.getTime())) return null;

  const zone = resolveZone(event.timezone, vtimezones);
  const url = absoluteUrl(event, origin);
  const title = plainLine(event.title) || "Event";

  let status: ICalEventStatus;
  let summary = title;
  if (event.status === "CANCELLED") {
    status = ICalEventStatus.CANCELLED;
  } else if (event.status === "POSTPONED") {
    // RFC 5545 has no "postponed" status; TENTATIVE is the closest, and since most apps do not show
    // STATUS at all, the summary says it too.
    status = ICalEventStatus.TENTATIVE;
    if (!/^postponed\b/i.test(summary)) summary = `Postponed: ${summary}`;
  } else {
    status = ICalEventStatus.CONFIRMED;
  }

  const descriptionParts = [htmlToText(event.description)];
  if (event.registrationUrl) descriptionParts.push(`Register: ${event.registrationUrl}`);
  // Google Calendar does not show the URL property, so the link goes in the text as well.
  descriptionParts.push(`Details: ${url}`);

  const data: ICalEventData = {
    id: `${uidPart(event.eventId)}@${uidDomain}`,
    sequence: sequenceOf(created, updated),
    stamp: updated,
    created,
    lastModified: updated,
    start,
    // DTEND must be after DTSTART; a zero-length event just has no DTEND.
    end: end > start ? end : null,
    // Etc/UTC (and unknown-to-tzlib zones) are written as UTC date-times with "Z" instead of a TZID.
    timezone: zone,
    summary,
    description: descriptionParts.filter(Boolean).join("\n\n"),
    url,
    status,
    categories: categoriesOf(event).map((name) => ({ name })),
  };

  const location = locationOf(event);
  if (location) data.location = location;

  const organizer = organizerOf(event.organizer);
  if (organizer) data.organizer = organizer;

  return data;
}

interface SeriesGroup {
  series: IcsSeries;
  /** Every date the rule gives. */
  slots: string[];
  members: { event: CalendarEvent; date: string }[];
}

/**
 * The events in feed order, with the occurrences of each recurring series gathered at the place of its first
 * one. An occurrence belongs to its series' RRULE when its rule date is still a date of the rule and it is in
 * the series' zone; any other event (a date dropped from the rule, an event of a series without a rule) is a
 * VEVENT of its own, as before.
 */
function groupSeries(events: readonly CalendarEvent[], index: IcsSeriesIndex | undefined): ({ event: CalendarEvent } | SeriesGroup)[] {
  if (!index || index.series.size === 0) return events.map((event) => ({ event }));
  const groups = new Map<string, SeriesGroup>();
  const out: ({ event: CalendarEvent } | SeriesGroup)[] = [];
  for (const event of events) {
    const series = event.seriesId ? index.series.get(event.seriesId) : undefined;
    const date = index.recurrenceDates.get(event.eventId);
    let group = series ? groups.get(series.id) : undefined;
    if (series && !group) {
      let slots: string[] = [];
      try {
        slots = expandRule(series.rule, series.startDate);
      } catch {
        slots = [];
      }
      group = { series, slots, members: [] };
      groups.set(series.id, group);
      out.push(group);
    }
    if (!group || !date || event.timezone !== group.series.timezone || !group.slots.includes(date) || group.members.some((m) => m.date === date)) {
      out.push({ event });
      continue;
    }
    group.members.push({ event, date });
  }
  // A series none of whose events turned out to be occurrences leaves no trace.
  return out.filter((item) => "event" in item || item.members.length > 0);
}

/** What an expanded occurrence takes from the master VEVENT: equal for two events means one may stand for the other. */
function seriesSignature(event: CalendarEvent, data: ICalEventData): string {
  const start = (data.start as DateTime).toMillis();
  const end = data.end ? (data.end as DateTime).toMillis() : start;
  return JSON.stringify([
    data.summary,
    data.status,
    htmlToText(event.description),
    event.registrationUrl ?? null,
    data.location ?? null,
    data.organizer ?? null,
    data.categories,
    end - start,
  ]);
}

/**
 * One series as iCalendar: a master VEVENT (UID `<seriesId>@<host>`) whose DTSTART is its first date in the
 * feed and whose RRULE (FREQ first, UNTIL its last date in the feed) gives its dates; EXDATE (with TZID) for
 * dates of the rule between them that the feed does not hold (removed, a draft, not public); and a VEVENT
 * with RECURRENCE-ID (with TZID) for each occurrence that differs from the master (edited on its own,
 * cancelled, moved), as RFC 5545 3.8.4.4 says. The master takes the fields most of its occurrences share
 * (the earliest such one on a tie), so a calendar app expands exactly the events of the feed.
 */
function seriesEventData(group: SeriesGroup, origin: string, uidDomain: string, vtimezones: Map<string, string>): ICalEventData[] {
  const { series } = group;
  const zone = resolveZone(series.timezone, vtimezones);
  const members = [...group.members].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const built = members.map((member) => ({ ...member, data: toEventData(member.event, origin, uidDomain, vtimezones) }));
  const usable = built.filter((member): member is typeof member & { data: ICalEventData } => member.data !== null);
  const slotStart = (date: string): DateTime | null => {
    try {
      return DateTime.fromJSDate(localToInstant(date, series.startTime, series.timezone), { zone: series.timezone });
    } catch {
      return null;
    }
  };
  // Without a zone the calendar apps can resolve (Etc/UTC, unknown to the VTIMEZONE library) the occurrences stay single events.
  if (!zone || zone !== series.timezone || usable.length === 0 || usable.some((member) => slotStart(member.date) === null)) {
    return usable.map((member) => member.data);
  }
  const signatures = usable.map((member) => seriesSignature(member.event, member.data));
  const tally = new Map<string, number>();
  for (const signature of signatures) tally.set(signature, (tally.get(signature) ?? 0) + 1);
  // Occurrences at their rule time are the candidates for the master; the most common fields win.
  let template = -1;
  usable.forEach((member, position) => {
    if ((member.data.start as DateTime).toMillis() !== slotStart(member.date)!.toMillis()) return;
    if (template < 0 || tally.get(signatures[position]!)! > tally.get(signatures[template]!)!) template = position;
  });
  const first = usable[0]!;
  const last = usable.at(-1)!;
  const firstStart = slotStart(first.date)!;
  const stamp = usable.reduce((latest, member) => (member.data.stamp! > latest ? (member.data.stamp as Date) : latest), usable[0]!.data.stamp as Date);
  const created = usable.reduce((earliest, member) => (member.data.created! < earliest ? (member.data.created as Date) : earliest), usable[0]!.data.created as Date);
  const uid = `${uidPart(series.id)}@${uidDomain}`;
  const held = new Set(usable.map((member) => member.date));
  const excluded = group.slots.filter((date) => date > first.date && date < last.date && !held.has(date));
  const local = (date: string) => slotStart(date)!.toFormat("yyyyMMdd'T'HHmmss");
  const untilUtc = slotStart(last.date)!.toUTC().toFormat("yyyyMMdd'T'HHmmss'Z'");
  const recurrence = [`RRULE:${rruleOf(series.rule, untilUtc)}`];
  if (excluded.length > 0) recurrence.push(`EXDATE;TZID=${zone}:${excluded.map(local).join(",")}`);

  // No occurrence is at its rule time (every one moved on its own): there is nothing for a rule to stand for.
  if (template < 0) return usable.map((member) => member.data);
  const out: ICalEventData[] = [];
  {
    const base = usable[template]!.data;
    const duration = base.end ? (base.end as DateTime).toMillis() - (base.start as DateTime).toMillis() : 0;
    out.push({
      ...base,
      id: uid,
      start: firstStart,
      end: duration > 0 ? firstStart.plus({ milliseconds: duration }) : null,
      stamp,
      created,
      lastModified: stamp,
      sequence: sequenceOf(created, stamp),
      repeating: recurrence.join("\r\n"),
    });
  }
  usable.forEach((member, position) => {
    const matches = signatures[position] === signatures[template] && (member.data.start as DateTime).toMillis() === slotStart(member.date)!.toMillis();
    if (matches) return;
    out.push({ ...member.data, id: uid, recurrenceId: slotStart(member.date)! });
  });
  return out;
}

let tzlibZones: Set<string> | undefined;

/**
 * The TZID to write for an event zone, registering its VTIMEZONE block; null means "write UTC times".
 */
function resolveZone(timezone: string, vtimezones: Map<string, string>): string | null {
  tzlibZones ??= new Set(asArray(tzlib_get_timezones()));
  if (!tzlibZones.has(timezone)) return null;
  let resolved = resolvedZones.get(timezone);
  if (resolved === undefined) {
    resolved = zoneBlock(timezone);
    resolvedZones.set(timezone, resolved);
  }
  if (!resolved) return null;
  vtimezones.set(resolved.tzid, resolved.block);
  return resolved.tzid;
}

/**
 * Each of the library's zones' TZID and VTIMEZONE block, worked out once: the library builds the block
 * afresh on every call, which was a fifth of a 300-event feed's time. Only the library's own zone names are
 * kept, so the map is bounded.
 */
const resolvedZones = new Map<string, { tzid: string; block: string } | null>();

function zoneBlock(timezone: string): { tzid: string; block: string } | null {
  const block = asArray(tzlib_get_ical_block(timezone))[0];
  const tzid = block ? /^TZID:(.+)$/m.exec(block)?.[1]?.trim() : undefined;
  if (!block || !tzid) return null;
  // The library maps aliases to the canonical zone; luxon must know that name too, to format in it.
  if (!DateTime.now().setZone(tzid).isValid) return null;
  if (tzid === "Etc/UTC") return null;
  return { tzid, block };
}

function asArray(value: string[] | string): string[] {
  return Array.isArray(value) ? value : [];
}

function absoluteUrl(event: CalendarEvent, origin: string): string {
  // `url` is a path on our origin; anything else ("//host", "https://…") is not trusted to stay on it.
  const path = event.url.startsWith("/") && !event.url.startsWith("//") ? event.url : `/calendar/${encodeURIComponent(event.slug)}`;
  const href = new URL(path, origin).href;
  return href.replace(/,/g, "%2C").replace(/;/g, "%3B");
}

function uidPart(eventId: string): string {
  return eventId.replace(/[^A-Za-z0-9._~-]/g, (ch) => encodeURIComponent(ch));
}

/** Seconds between creation and last update: 0 for a new event, grows with every edit. */
function sequenceOf(created: Date, updated: Date): number {
  const seconds = Math.floor((updated.getTime() - created.getTime()) / 1000);
  if (!Number.isFinite(seconds) || seconds < 0) return 0;
  return Math.min(seconds, MAX_SEQUENCE);
}

function categoriesOf(event: CalendarEvent): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of [EVENT_TYPE_LABELS[event.eventType], ...event.tags]) {
    const name = plainLine(raw ?? "");
    const key = name.toLowerCase();
    if (!name || seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
}

function locationOf(event: CalendarEvent): ICalLocation | null {
  if (!event.location) return null;
  const name = plainLine(event.location.name);
  const address = plainLine(event.location.address.replace(/\s*\n\s*/g, ", "));
  const title = name && address && !address.toLowerCase().startsWith(name.toLowerCase()) ? `${name}, ${address}` : address || name;
  const c = event.location.coordinates;
  const geo =
    c && Number.isFinite(c.latitude) && Number.isFinite(c.longitude) && Math.abs(c.latitude) <= 90 && Math.abs(c.longitude) <= 180
      ? { lat: round6(c.latitude), lon: round6(c.longitude) }
      : undefined;
  if (title) return geo ? { title, geo } : { title };
  return geo ? { geo } : null;
}

function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/**
 * ORGANIZER is a cal-address (a mailto: URI); a bare name cannot be written validly, so it is only
 * emitted for "Name <email>" or a plain email address.
 */
function organizerOf(organizer: string | undefined): { name: string; email: string } | null {
  if (!organizer) return null;
  const text = cleanText(organizer).trim();
  const match = /^(.*?)\s*<([^<>]+)>$/.exec(text);
  const email = (match ? match[2] : text)?.trim() ?? "";
  if (!EMAIL.test(email)) return null;
  const name = (match?.[1] ?? "").replace(/["\\]/g, "").replace(/\s+/g, " ").trim();
  return { name: name || email, email };
}

/** RFC 5545 TEXT escaping, as ical-generator does it for event properties. */
function escapeText(text: string): string {
  return text.replace(/[\\;,]/g, (ch) => `\\${ch}`).replace(/\r\n|\r|\n/g, "\\n");
}

/** Drops control characters RFC 5545 TEXT does not allow (keeps tab and line breaks). */
function cleanText(text: string): string {
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, "");
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  bull: "•",
  middot: "·",
  copy: "©",
  reg: "®",
  trade: "™",
  euro: "€",
};

function decodeEntities(text: string): string {
  // One pass, so "&amp;lt;" becomes the text "&lt;", not "<".
  return text.replace(/&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z]{2,8});/g, (whole, body: string) => {
    if (body.startsWith("#")) {
      const code = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      if (code === 0xa0) return " ";
      const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
      return valid ? String.fromCodePoint(code) : "\uFFFD";
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

const TAG = /<\/?[A-Za-z!?][^<>]*>/g;
const BLOCK_TAGS = "p|div|h[1-6]|ul|ol|tr|table|blockquote|section|article|header|footer|pre|hr|dl|dt|dd|figure|figcaption|address";

/**
 * The event description (which may be HTML) as plain text: paragraphs, <br> and list items become line
 * breaks, script/style content and every tag are removed, basic entities are decoded. The result never
 * contains anything tag-like (some apps, Google Calendar among them, render markup in DESCRIPTION).
 */
export function htmlToText(input: string): string {
  let text = cleanText(input);
  const isHtml = /<\/?[A-Za-z][^<>]*>/.test(text);

  text = text
    .replace(/<!--[\s\S]*?(?:-->|$)/g, "")
    .replace(/<!\[CDATA\[[\s\S]*?(?:\]\]>|$)/g, "")
    .replace(/<(script|style|template|noscript|iframe|object|embed|svg|math|textarea|title|head)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi, "");

  if (isHtml) {
    text = text
      .replace(/\s+/g, " ") // HTML source whitespace is insignificant
      .replace(/<br\b[^>]*>/gi, "\n")
      .replace(/<li\b[^>]*>/gi, "\n• ")
      .replace(/<\/li\s*>/gi, "")
      .replace(new RegExp(`</?(?:${BLOCK_TAGS})\\b[^>]*>`, "gi"), "\n\n")
      .replace(/<a\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))[^>]*>([\s\S]*?)<\/a\s*>/gi, (_m, dq?: string, sq?: string, bare?: string, inner = "") => {
        const href = decodeEntities((dq ?? sq ?? bare ?? "").trim());
        const label = String(inner);
        return /^(https?:|mailto:)/i.test(href) && !label.includes(href) ? `${label} (${href})` : label;
      });
  }

  text = stripTags(text, isHtml);
  text = decodeEntities(text);
  // Entities may have spelled out markup ("&lt;script&gt;"); as text it is harmless to us, but not to an
  // app rendering the description, so strip it again and defuse any "<" still followed by a tag name.
  text = defuse(stripTags(text));

  return text
    .replace(/\r\n?/g, "\n")
    .replace(/[ \t\u00A0]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** A one-line plain-text field (title, location, category): no markup, no line breaks. */
function plainLine(text: string): string {
  return defuse(stripTags(cleanText(text))).replace(/\s+/g, " ").trim();
}

/** Makes a "<" that is still followed by a tag-name character inert ("a<b" → "a< b"). */
function defuse(text: string): string {
  return text.replace(/<(?=[A-Za-z!/?])/g, "< ");
}

function stripTags(text: string, isHtml = false): string {
  let previous: string;
  let current = text;
  do {
    previous = current;
    current = current.replace(TAG, "");
  } while (current !== previous);
  // In markup, an unterminated tag at the very end ("…</p><script src=x") is not text; drop it too.
  return isHtml ? current.replace(/<\/?[A-Za-z!?][^<>]*$/, "") : current;
}
