/**
 * The recurrence rules of a series (docs/decisions/0026), pure: which local dates a rule gives, how it reads
 * in plain language, and its iCalendar RRULE. Our expansion and every calendar app's must agree, so the rule
 * is the subset of RFC 5545 that expands the same everywhere:
 *
 * - WEEKLY: on one or more weekdays, every `interval` weeks. Weeks start on Monday (RFC 5545's default
 *   WKST); the week of the first occurrence is week 0, and weeks 0, n, 2n ... have occurrences.
 * - MONTHLY: on the `monthWeek`th (1-4, or -1: the last) `weekdays[0]` of the month, every `interval`
 *   months; the month of the first occurrence is month 0.
 * - It ends on a local date (`until`, inclusive) or after `count` occurrences; one of them is required, and a
 *   rule may give at most MAX_OCCURRENCES dates.
 *
 * The first occurrence is the first date on or after the series' start date that the rule gives. Dates are
 * calendar dates (YYYY-MM-DD), computed in UTC arithmetic, which has no DST: the zone only matters when a
 * date and the series' local time become an instant.
 */

import { createTranslator } from "use-intl/core";

export const WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const SERIES_FREQUENCIES = ["WEEKLY", "MONTHLY"] as const;
export type SeriesFrequency = (typeof SERIES_FREQUENCIES)[number];
export const MONTH_WEEKS = [1, 2, 3, 4, -1] as const;
export type MonthWeek = (typeof MONTH_WEEKS)[number];

/** The most dates one series may have: a year of a twice-weekly group, and a bound on every write. */
export const MAX_OCCURRENCES = 200;

export interface RecurrenceRule {
  frequency: SeriesFrequency;
  interval: number;
  weekdays: readonly Weekday[];
  /** MONTHLY only. */
  monthWeek?: MonthWeek | null;
  until?: string | null;
  count?: number | null;
}

const DAY_MS = 86_400_000;

function toDay(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
}

function fromDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** 0 for Monday ... 6 for Sunday. */
function weekdayIndex(day: number): number {
  return (new Date(day * DAY_MS).getUTCDay() + 6) % 7;
}

/** The local date `days` after `date`. */
export function addDays(date: string, days: number): string {
  return fromDay(toDay(date) + days);
}

/** Days from `from` to `to`. */
export function daysBetween(from: string, to: string): number {
  return toDay(to) - toDay(from);
}

export function weekdayOf(date: string): Weekday {
  return WEEKDAYS[weekdayIndex(toDay(date))]!;
}

/** The `monthWeek`th `weekday` of a month (month 0-based from year 0), or null when it has none. */
function nthWeekdayOfMonth(year: number, month: number, weekday: Weekday, monthWeek: MonthWeek): number | null {
  const target = WEEKDAYS.indexOf(weekday);
  if (monthWeek === -1) {
    const last = Date.UTC(year, month + 1, 0) / DAY_MS;
    return last - ((weekdayIndex(last) - target + 7) % 7);
  }
  const first = Date.UTC(year, month, 1) / DAY_MS;
  const day = first + ((target - weekdayIndex(first) + 7) % 7) + (monthWeek - 1) * 7;
  return new Date(day * DAY_MS).getUTCMonth() === ((month % 12) + 12) % 12 ? day : null;
}

export class TooManyOccurrencesError extends RangeError {
  constructor() {
    super(`a series may have at most ${MAX_OCCURRENCES} dates`);
  }
}

/**
 * The local dates the rule gives from `startDate` on, in order. Throws TooManyOccurrencesError when it would
 * give more than MAX_OCCURRENCES (an `until` too far away), so no rule is ever cut short silently.
 */
export function expandRule(rule: RecurrenceRule, startDate: string): string[] {
  const start = toDay(startDate);
  const until = rule.until ? toDay(rule.until) : Number.POSITIVE_INFINITY;
  const limit = rule.count ?? Number.POSITIVE_INFINITY;
  if (!Number.isFinite(until) && !Number.isFinite(limit)) throw new RangeError("a series needs an end: until or count");
  const dates: string[] = [];
  const push = (day: number): boolean => {
    if (day < start) return true;
    if (day > until || dates.length >= limit) return false;
    if (dates.length >= MAX_OCCURRENCES) throw new TooManyOccurrencesError();
    dates.push(fromDay(day));
    return true;
  };
  if (rule.frequency === "WEEKLY") {
    const offsets = WEEKDAYS.map((code, index) => (rule.weekdays.includes(code) ? index : -1)).filter((index) => index >= 0);
    if (offsets.length === 0) return [];
    // Week 0 is the week of the first date the weekdays give on or after the start.
    let monday = start - weekdayIndex(start);
    if (!offsets.some((offset) => monday + offset >= start)) monday += 7;
    for (let week = 0; ; week += rule.interval) {
      for (const offset of offsets) if (!push(monday + week * 7 + offset)) return dates;
      if (monday + week * 7 > until) return dates;
    }
  }
  const weekday = rule.weekdays[0];
  const monthWeek = rule.monthWeek;
  if (!weekday || !monthWeek) return [];
  const startUtc = new Date(start * DAY_MS);
  let month = startUtc.getUTCFullYear() * 12 + startUtc.getUTCMonth();
  // Month 0 is the first month whose date falls on or after the start (a month without a 5th ... never: 1-4 and last always exist).
  const first = nthWeekdayOfMonth(Math.floor(month / 12), month % 12, weekday, monthWeek);
  if (first === null || first < start) month += 1;
  for (let step = 0; ; step += rule.interval) {
    const m = month + step;
    const day = nthWeekdayOfMonth(Math.floor(m / 12), m % 12, weekday, monthWeek);
    if (day === null) continue;
    if (!push(day)) return dates;
  }
}

// i18n-namespace: Recurrence

/**
 * The rule in words, in any language (issue 41). The sentences are the "Recurrence" messages; the names of
 * weekdays and months and the joining of a list come from Intl in the language asked for. English writes its
 * dates day first ("30 April 2027"), as the office always has, so its Intl locale is en-GB.
 */
export type RecurrenceKey = "weekly" | "monthly" | "times" | "until";

/** A translator of the "Recurrence" messages: translatorFor(locale, "Recurrence"), or useTranslations("Recurrence") in a page. */
export type RecurrenceWords = (key: RecurrenceKey, values: Record<string, string | number>) => string;

export interface RecurrenceLanguage {
  /** A language tag (AppLocale): "en", "es". */
  locale: string;
  t: RecurrenceWords;
}

/**
 * The API's English (the `summary` of a series is the contract's English, as error_description is), word for
 * word the "Recurrence" messages of messages/en.json (recurrence.test.ts holds the two together). Kept here
 * rather than read from the messages file so that the browser pages that import this module (the event form)
 * never bundle every language's messages; those pages pass their own translator instead.
 */
export const RECURRENCE_API_ENGLISH: Record<RecurrenceKey, string> = {
  weekly: "{interval, plural, =1 {Weekly on {days}} other {Every # weeks on {days}}}",
  monthly:
    "{interval, plural, =1 {Monthly on the {week, select, first {first} second {second} third {third} fourth {fourth} last {last} other {?}} {day}} other {Every # months on the {week, select, first {first} second {second} third {third} fourth {fourth} last {last} other {?}} {day}}}",
  times: "{rule}, {count, plural, =1 {once} other {# times}}",
  until: "{rule}, until {date}",
};

let apiEnglish: RecurrenceLanguage | null = null;

/** English as the API says it, made when first needed (the widget's bundle, which imports addDays, never needs it). */
function apiEnglishLanguage(): RecurrenceLanguage {
  apiEnglish ??= { locale: "en", t: createTranslator({ locale: "en", messages: { Recurrence: RECURRENCE_API_ENGLISH }, namespace: "Recurrence" }) };
  return apiEnglish;
}

/** The locale Intl writes the language's dates, weekdays and lists in. */
function intlLocale(locale: string): string {
  return locale === "en" ? "en-GB" : locale;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(intlLocale(locale), { ...options, timeZone: "UTC" })));
  return format;
}

/** A weekday's name in a language: "Monday", "Mon"; "lunes", "lun". */
export function weekdayName(code: Weekday, locale = "en", width: "long" | "short" = "long"): string {
  // 1 January 2024 was a Monday.
  return formatOf(locale, { weekday: width }).format(new Date(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(code))));
}

/** "30 April 2027"; "30 de abril de 2027". */
export function longDate(date: string, locale = "en"): string {
  return formatOf(locale, { day: "numeric", month: "long", year: "numeric" }).format(new Date(toDay(date) * DAY_MS));
}

const MONTH_WEEK_WORDS: Record<string, string> = { "1": "first", "2": "second", "3": "third", "4": "fourth", "-1": "last" };

/**
 * The rule in plain language: "Every 2 weeks on Sunday, 12 times", "Monthly on the last Friday, until 30 April
 * 2027". English as the API says it unless a language is given ({ locale, t }).
 */
export function describeRule(rule: RecurrenceRule, language: RecurrenceLanguage = apiEnglishLanguage()): string {
  const { locale, t } = language;
  const names = WEEKDAYS.filter((code) => rule.weekdays.includes(code)).map((code) => weekdayName(code, locale));
  const days = new Intl.ListFormat(intlLocale(locale), { type: "conjunction" }).format(names);
  const head =
    rule.frequency === "WEEKLY"
      ? t("weekly", { interval: rule.interval, days })
      : t("monthly", { interval: rule.interval, week: MONTH_WEEK_WORDS[String(rule.monthWeek)] ?? "other", day: days });
  if (rule.count) return t("times", { rule: head, count: rule.count });
  if (rule.until) return t("until", { rule: head, date: longDate(rule.until, locale) });
  return head;
}

/**
 * The RRULE value (without "RRULE:") for the occurrences up to `untilUtc` (an iCalendar UTC date-time,
 * 20270430T140000Z), FREQ first (some clients read nothing before it), the interval, the days, then UNTIL.
 * COUNT is never written: a feed publishes the dates still to come, so it always ends at a known instant.
 */
export function rruleOf(rule: RecurrenceRule, untilUtc: string): string {
  const parts = [`FREQ=${rule.frequency}`];
  if (rule.interval !== 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.frequency === "WEEKLY") {
    parts.push(`BYDAY=${WEEKDAYS.filter((code) => rule.weekdays.includes(code)).join(",")}`);
  } else {
    parts.push(`BYDAY=${rule.monthWeek}${rule.weekdays[0]}`);
  }
  parts.push(`UNTIL=${untilUtc}`);
  return parts.join(";");
}
