import { addDays } from "../../series/recurrence.ts";

/**
 * Dates for the calendar widget. An event's dates and times are local to the event (its own time zone);
 * the widget shows them as the church writes them, so every date is formatted as a UTC calendar date
 * (no viewer's offset can move it to another day). Pure: unit-tested in dates.test.ts.
 */

export interface YearMonth {
  year: number;
  /** 1-12 */
  month: number;
}

export function parseDate(value: string): { year: number; month: number; day: number } {
  const [year = 1970, month = 1, day = 1] = value.split("-").map(Number);
  return { year, month, day };
}

function utc(date: string, time = "00:00"): Date {
  const { year, month, day } = parseDate(date);
  const [hour = 0, minute = 0] = time.split(":").map(Number);
  return new Date(Date.UTC(year, month - 1, day, hour, minute));
}

function format(locale: string | undefined, options: Intl.DateTimeFormatOptions, date: Date): string {
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" }).format(date);
}

const LONG_DATE: Intl.DateTimeFormatOptions = { weekday: "long", month: "long", day: "numeric", year: "numeric" };
const TIME: Intl.DateTimeFormatOptions = { hour: "numeric", minute: "2-digit" };

export interface EventTimes {
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
}

/** "Sunday, December 6, 2026, 9:30 AM – 11:00 AM"; an event over several days names both dates. */
export function describeWhen(event: EventTimes, locale?: string): string {
  const start = utc(event.startDate, event.startTime);
  const end = utc(event.endDate, event.endTime);
  const startText = `${format(locale, LONG_DATE, start)}, ${format(locale, TIME, start)}`;
  if (event.endDate === event.startDate) return `${startText} – ${format(locale, TIME, end)}`;
  return `${startText} – ${format(locale, LONG_DATE, end)}, ${format(locale, TIME, end)}`;
}

/** "9:30 AM", for the month grid's cells. */
export function describeTime(time: string, locale?: string): string {
  return format(locale, TIME, utc("2000-01-01", time));
}

/** "December 2026" */
export function describeMonth(month: YearMonth, locale?: string): string {
  return format(locale, { month: "long", year: "numeric" }, new Date(Date.UTC(month.year, month.month - 1, 1)));
}

/** "Sunday, December 6" (a day of the month grid, for screen readers). */
export function describeDay(date: string, locale?: string): string {
  return format(locale, { weekday: "long", month: "long", day: "numeric" }, utc(date));
}

/**
 * The locale's first day of the week, 0 (Sunday) to 6, from its CLDR week data (`Intl.Locale`'s week info:
 * Monday in most of Europe, Sunday in the United States); Sunday where the browser does not say.
 */
export function firstDayOfWeek(locale?: string): number {
  try {
    const tag = new Intl.Locale(locale ?? new Intl.DateTimeFormat().resolvedOptions().locale) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    // 1 (Monday) to 7 (Sunday), as ISO 8601 numbers them; older engines have the getter, newer the method.
    const firstDay = (tag.getWeekInfo?.() ?? tag.weekInfo)?.firstDay;
    return typeof firstDay === "number" && firstDay >= 1 && firstDay <= 7 ? firstDay % 7 : 0;
  } catch {
    return 0;
  }
}

/** Weekday names from `firstDay` (0: Sunday): [short, long] pairs for the month grid's column headers. */
export function weekdayNames(locale?: string, firstDay = 0): [string, string][] {
  // 2026-11-01 is a Sunday.
  return Array.from({ length: 7 }, (_, index) => {
    const day = new Date(Date.UTC(2026, 10, 1 + ((index + firstDay) % 7)));
    return [format(locale, { weekday: "short" }, day), format(locale, { weekday: "long" }, day)];
  });
}

export function addMonths(month: YearMonth, count: number): YearMonth {
  const index = month.year * 12 + (month.month - 1) + count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function compareMonths(a: YearMonth, b: YearMonth): number {
  return a.year * 12 + a.month - (b.year * 12 + b.month);
}

const pad = (value: number) => String(value).padStart(2, "0");

export function isoDate(year: number, month: number, day: number): string {
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The month's last date, "YYYY-MM-DD". */
export function lastDateOf(month: YearMonth): string {
  return isoDate(month.year, month.month, new Date(Date.UTC(month.year, month.month, 0)).getUTCDate());
}

/** The weeks of a month from `firstDay` (0: Sunday): each a row of seven dates ("YYYY-MM-DD") or null outside the month. */
export function monthWeeks(month: YearMonth, firstDay = 0): (string | null)[][] {
  const lead = (new Date(Date.UTC(month.year, month.month - 1, 1)).getUTCDay() - firstDay + 7) % 7;
  const days = new Date(Date.UTC(month.year, month.month, 0)).getUTCDate();
  const cells: (string | null)[] = [...Array.from({ length: lead }, () => null), ...Array.from({ length: days }, (_, index) => isoDate(month.year, month.month, index + 1))];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let index = 0; index < cells.length; index += 7) weeks.push(cells.slice(index, index + 7));
  return weeks;
}

/** Where a day falls in an event: its first day, its last (of several), or one between. */
export type DayPart = "first" | "last" | "between";

/**
 * The days of `first`..`last` (a month) an event covers, each with its part: an event over several days
 * shows on each, one begun in an earlier month too. An event ending at midnight does not cover the day it ends on.
 */
export function daysCovered(event: EventTimes, first: string, last: string): [string, DayPart][] {
  let final = event.endDate;
  if (event.endTime === "00:00" && event.endDate > event.startDate) final = addDays(event.endDate, -1);
  const days: [string, DayPart][] = [];
  for (let date = event.startDate; date <= final && date <= last; date = addDays(date, 1)) {
    if (date >= first) days.push([date, date === event.startDate ? "first" : date === final ? "last" : "between"]);
  }
  return days;
}
