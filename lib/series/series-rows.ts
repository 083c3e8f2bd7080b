import "server-only";
import type { Database } from "../db/database.ts";
import { IdentityError } from "../identity/errors.ts";
import { instantsOrThrow } from "../calendar/staff-event-fields.ts";
import { kebab } from "../calendar/kebab-case.ts";
import { EVENT_YEARS } from "../calendar/staff-schemas.ts";
import { addDays, expandRule, type RecurrenceRule, TooManyOccurrencesError, type Weekday, type MonthWeek, MAX_OCCURRENCES } from "./recurrence.ts";
import type { RepeatRule } from "./schemas.ts";

/** What a series row holds of its rule and times (docs/decisions/0026). */
export interface SeriesTimes {
  startDate: string;
  startTime: string;
  endTime: string;
  endDayOffset: number;
  timezone: string;
}

/** The rule of a stored series, or null for a series without one. */
export function ruleOfRow(row: { frequency: "WEEKLY" | "MONTHLY" | null; interval: number; weekdays: string[]; monthWeek: number | null; untilDate: string | null; count: number | null }): RecurrenceRule | null {
  if (!row.frequency) return null;
  return { frequency: row.frequency, interval: row.interval, weekdays: row.weekdays as Weekday[], monthWeek: (row.monthWeek ?? null) as MonthWeek | null, until: row.untilDate, count: row.count };
}

export function ruleColumns(rule: RepeatRule) {
  return { frequency: rule.frequency, interval: rule.interval, weekdays: rule.weekdays, monthWeek: rule.monthWeek ?? null, untilDate: rule.until ?? null, count: rule.count ?? null };
}

export function toRule(rule: RepeatRule): RecurrenceRule {
  return { frequency: rule.frequency, interval: rule.interval, weekdays: rule.weekdays, monthWeek: rule.monthWeek ?? null, until: rule.until ?? null, count: rule.count ?? null };
}

/** The local schedule of the occurrence on `date`. */
export function occurrenceSchedule(times: SeriesTimes, date: string) {
  return { startDate: date, startTime: times.startTime, endDate: addDays(date, times.endDayOffset), endTime: times.endTime, timezone: times.timezone };
}

/**
 * The dates of a rule from the series' start date, refused in words when there are none or too many, or one
 * would fall after the last year events may have; and every occurrence's instants, so a bad time (an end
 * before its start) is refused before anything is written.
 */
export function datesOrThrow(rule: RecurrenceRule, times: SeriesTimes): string[] {
  let dates: string[];
  try {
    dates = expandRule(rule, times.startDate);
  } catch (error) {
    if (error instanceof TooManyOccurrencesError) throw new IdentityError("invalid_request", `repeat: a series may have at most ${MAX_OCCURRENCES} dates; end it sooner or repeat less often`);
    throw error;
  }
  if (dates.length === 0) throw new IdentityError("invalid_request", "repeat: the rule gives no date on or after startDate (before until)");
  const lastEnd = addDays(dates.at(-1)!, times.endDayOffset);
  if (Number(lastEnd.slice(0, 4)) > EVENT_YEARS.max) throw new IdentityError("invalid_request", `repeat: the last date would be after ${EVENT_YEARS.max}-12-31`);
  for (const date of dates) instantsOrThrow(occurrenceSchedule(times, date));
  return dates;
}

/** Free slugs `<title words>-<date>` for the dates (a `-2`, `-3` ... where one is taken), with one query. */
export async function freeSlugs(tx: Database, title: string, dates: readonly string[]): Promise<Map<string, string>> {
  const words = kebab(title).slice(0, 90).replace(/-+$/g, "") || "event";
  const taken = new Set((await tx.prisma.event.findMany({ where: { slug: { startsWith: `${words}-` } }, select: { slug: true } })).map((row) => row.slug));
  const out = new Map<string, string>();
  for (const date of dates) {
    const base = `${words}-${date}`;
    let slug = base;
    for (let counter = 2; taken.has(slug); counter += 1) slug = `${base}-${counter}`;
    taken.add(slug);
    out.set(date, slug);
  }
  return out;
}
