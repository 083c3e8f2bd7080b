"use client";

import { fieldStyles } from "@/components/ui/field";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { describeRule, expandRule, longDate, MAX_OCCURRENCES, weekdayOf, WEEKDAYS, type RecurrenceRule, type Weekday } from "@/lib/series/recurrence";
import styles from "./admin.module.css";

/**
 * The "Repeats" part of the new-event form (docs/decisions/0026): weekly on some days every n weeks, or
 * monthly on the nth weekday every n months; until a date or a number of times. What it will make is said
 * in words under it, with the first and last dates, by the same rule the server applies.
 */

export interface RepeatFieldsValue {
  frequency: "" | "WEEKLY" | "MONTHLY";
  interval: string;
  weekdays: Weekday[];
  monthWeek: string;
  ends: "count" | "until";
  count: string;
  until: string;
}

export const NO_REPEAT: RepeatFieldsValue = { frequency: "", interval: "1", weekdays: [], monthWeek: "1", ends: "count", count: "10", until: "" };

const DAY_NAMES: Record<Weekday, string> = { MO: "Monday", TU: "Tuesday", WE: "Wednesday", TH: "Thursday", FR: "Friday", SA: "Saturday", SU: "Sunday" };
const SHORT: Record<Weekday, string> = { MO: "Mon", TU: "Tue", WE: "Wed", TH: "Thu", FR: "Fri", SA: "Sat", SU: "Sun" };
const MONTH_WEEK_NAMES: [string, string][] = [["1", "first"], ["2", "second"], ["3", "third"], ["4", "fourth"], ["-1", "last"]];

const validDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** "Sunday 7 February 2027" */
export function dayAndDate(date: string): string {
  return validDate(date) ? `${DAY_NAMES[weekdayOf(date)]} ${longDate(date)}` : date;
}

/** The `repeat` body of the API, or null for an event that does not repeat. Numbers stay text when they are not numbers, so the schema names them. */
export function repeatBodyOf(value: RepeatFieldsValue, startDate: string): Record<string, unknown> | null {
  if (!value.frequency) return null;
  const number = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : text);
  const weekdays = value.frequency === "MONTHLY" ? [value.weekdays[0] ?? (validDate(startDate) ? weekdayOf(startDate) : "SU")] : value.weekdays;
  return {
    frequency: value.frequency,
    interval: number(value.interval),
    weekdays,
    ...(value.frequency === "MONTHLY" ? { monthWeek: Number(value.monthWeek) } : {}),
    ...(value.ends === "count" ? { count: number(value.count) } : { until: value.until }),
  };
}

/** "Every 2 weeks on Sunday, 12 times · 12 dates, from Sunday 7 February 2027 to Sunday 25 April 2027", or why not. */
export function repeatSummary(value: RepeatFieldsValue, startDate: string): string {
  const body = repeatBodyOf(value, startDate);
  if (!body) return "";
  const rule = body as unknown as RecurrenceRule;
  if (!Number.isInteger(rule.interval) || rule.interval < 1) return "Say how often: every 1 or more weeks or months.";
  if (rule.weekdays.length === 0) return "Choose at least one day.";
  if (value.ends === "count" && (!Number.isInteger(rule.count) || rule.count! < 1)) return "Say how many times.";
  if (value.ends === "until" && !validDate(value.until)) return "Choose the last date.";
  const words = describeRule(rule);
  if (!validDate(startDate)) return `${words}. Choose the first date above.`;
  try {
    const dates = expandRule(rule, startDate);
    if (dates.length === 0) return `${words}: no date falls between the first date and the last.`;
    const day = dayAndDate;
    return dates.length === 1 ? `${words} · 1 date: ${day(dates[0]!)}` : `${words} · ${dates.length} dates, from ${day(dates[0]!)} to ${day(dates.at(-1)!)}`;
  } catch {
    return `${words}: that is more than ${MAX_OCCURRENCES} dates; end it sooner or repeat less often.`;
  }
}

export function RepeatFields({ value, onChange, startDate, error }: { value: RepeatFieldsValue; onChange: (next: RepeatFieldsValue) => void; startDate: string; error?: string }) {
  const set = (patch: Partial<RepeatFieldsValue>) => onChange({ ...value, ...patch });
  const startDay = validDate(startDate) ? weekdayOf(startDate) : null;
  const summary = repeatSummary(value, startDate);
  return (
    <fieldset className={`${styles.fieldset} ${styles.repeat}`} aria-describedby={summary ? "repeat-summary" : undefined}>
      <legend className={fieldStyles.label}>Repeats</legend>
      <div className={styles.grid}>
        <SelectField
          label="How often"
          name="repeat"
          value={value.frequency}
          onChange={(event) => {
            const frequency = event.target.value as RepeatFieldsValue["frequency"];
            // The day of the first date is the natural first choice.
            const weekdays = value.weekdays.length > 0 ? value.weekdays : startDay ? [startDay] : [];
            set({ frequency, weekdays: frequency === "MONTHLY" ? weekdays.slice(0, 1) : weekdays });
          }}
          error={error}
        >
          <option value="">Does not repeat</option>
          <option value="WEEKLY">Weekly</option>
          <option value="MONTHLY">Monthly, on a weekday</option>
        </SelectField>
        {value.frequency ? (
          <TextField
            label={value.frequency === "WEEKLY" ? "Every how many weeks" : "Every how many months"}
            name="repeatInterval"
            value={value.interval}
            onChange={(event) => set({ interval: event.target.value })}
            inputMode="numeric"
          />
        ) : null}
      </div>
      {value.frequency === "WEEKLY" ? (
        <fieldset className={`${styles.fieldset} ${styles.days}`}>
          <legend className={fieldStyles.label}>On</legend>
          {WEEKDAYS.map((code) => (
            <label key={code} className={styles.day}>
              <input
                type="checkbox"
                name="repeatWeekdays"
                value={code}
                checked={value.weekdays.includes(code)}
                onChange={(event) => set({ weekdays: event.target.checked ? WEEKDAYS.filter((day) => day === code || value.weekdays.includes(day)) : value.weekdays.filter((day) => day !== code) })}
              />
              <span aria-hidden="true">{SHORT[code]}</span>
              <span className="visually-hidden">{DAY_NAMES[code]}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {value.frequency === "MONTHLY" ? (
        <div className={styles.grid}>
          <SelectField label="On the" name="repeatMonthWeek" value={value.monthWeek} onChange={(event) => set({ monthWeek: event.target.value })}>
            {MONTH_WEEK_NAMES.map(([week, name]) => (
              <option key={week} value={week}>
                {name}
              </option>
            ))}
          </SelectField>
          <SelectField label="Weekday" name="repeatWeekday" value={value.weekdays[0] ?? startDay ?? "SU"} onChange={(event) => set({ weekdays: [event.target.value as Weekday] })}>
            {WEEKDAYS.map((code) => (
              <option key={code} value={code}>
                {DAY_NAMES[code]}
              </option>
            ))}
          </SelectField>
        </div>
      ) : null}
      {value.frequency ? (
        <div className={styles.grid}>
          <SelectField label="Ends" name="repeatEnds" value={value.ends} onChange={(event) => set({ ends: event.target.value as RepeatFieldsValue["ends"] })}>
            <option value="count">After a number of times</option>
            <option value="until">On a date</option>
          </SelectField>
          {value.ends === "count" ? (
            <TextField label="How many times" name="repeatCount" value={value.count} onChange={(event) => set({ count: event.target.value })} inputMode="numeric" hint={`At most ${MAX_OCCURRENCES}.`} />
          ) : (
            <TextField label="Last date" name="repeatUntil" type="date" value={value.until} onChange={(event) => set({ until: event.target.value })} />
          )}
        </div>
      ) : null}
      {summary ? (
        <p id="repeat-summary" className={styles.repeatSummary} aria-live="polite">
          {summary}
        </p>
      ) : null}
    </fieldset>
  );
}
