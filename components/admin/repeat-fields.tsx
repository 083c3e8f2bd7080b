"use client";

import { useLocale, useTranslations } from "next-intl";
import { useCallback } from "react";
import { fieldStyles } from "@/components/ui/field";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import {
  describeRule,
  expandRule,
  longDate,
  MAX_OCCURRENCES,
  weekdayName,
  weekdayOf,
  WEEKDAYS,
  type RecurrenceLanguage,
  type RecurrenceRule,
  type Weekday,
} from "@/lib/series/recurrence";
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

const MONTH_WEEKS = ["1", "2", "3", "4", "-1"] as const;
/** Each month week's branch of the "monthWeek" message ("first" … "last"). */
const MONTH_WEEK_WORDS: Record<(typeof MONTH_WEEKS)[number], string> = { "1": "first", "2": "second", "3": "third", "4": "fourth", "-1": "last" };

const validDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** "Sunday 7 February 2027", in the page's language. */
export function useDayAndDate(): (date: string) => string {
  const t = useTranslations("AdminEvents.repeat");
  const locale = useLocale();
  return useCallback((date: string) => (validDate(date) ? t("dayAndDate", { weekday: weekdayName(weekdayOf(date), locale), date: longDate(date, locale) }) : date), [t, locale]);
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

/** A weekday standing alone (a choice, a label): "Monday", "Lunes"; Intl writes some languages' in lower case. */
const dayLabel = (name: string) => name.charAt(0).toLocaleUpperCase() + name.slice(1);

type RepeatWords = ReturnType<typeof useTranslations<"AdminEvents.repeat">>;

/** "Every 2 weeks on Sunday, 12 times · 12 dates, from Sunday 7 February 2027 to Sunday 25 April 2027", or why not. */
export function repeatSummary(value: RepeatFieldsValue, startDate: string, t: RepeatWords, language: RecurrenceLanguage, day: (date: string) => string): string {
  const body = repeatBodyOf(value, startDate);
  if (!body) return "";
  const rule = body as unknown as RecurrenceRule;
  if (!Number.isInteger(rule.interval) || rule.interval < 1) return t("sayHowOften");
  if (rule.weekdays.length === 0) return t("chooseDay");
  if (value.ends === "count" && (!Number.isInteger(rule.count) || rule.count! < 1)) return t("sayHowMany");
  if (value.ends === "until" && !validDate(value.until)) return t("chooseLastDate");
  const words = describeRule(rule, language);
  if (!validDate(startDate)) return t("chooseFirstDate", { rule: words });
  try {
    const dates = expandRule(rule, startDate);
    if (dates.length === 0) return t("noDates", { rule: words });
    return dates.length === 1 ? t("oneDate", { rule: words, date: day(dates[0]!) }) : t("dates", { rule: words, count: dates.length, first: day(dates[0]!), last: day(dates.at(-1)!) });
  } catch {
    return t("tooMany", { rule: words, max: MAX_OCCURRENCES });
  }
}

export function RepeatFields({ value, onChange, startDate, error }: { value: RepeatFieldsValue; onChange: (next: RepeatFieldsValue) => void; startDate: string; error?: string }) {
  const t = useTranslations("AdminEvents.repeat");
  const recurrence = useTranslations("Recurrence");
  const locale = useLocale();
  const dayAndDate = useDayAndDate();
  const set = (patch: Partial<RepeatFieldsValue>) => onChange({ ...value, ...patch });
  const startDay = validDate(startDate) ? weekdayOf(startDate) : null;
  const summary = repeatSummary(value, startDate, t, { locale, t: recurrence }, dayAndDate);
  return (
    <fieldset className={`${styles.fieldset} ${styles.repeat}`} aria-describedby={summary ? "repeat-summary" : undefined}>
      <legend className={fieldStyles.label}>{t("legend")}</legend>
      <div className={styles.grid}>
        <SelectField
          label={t("howOften")}
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
          <option value="">{t("doesNotRepeat")}</option>
          <option value="WEEKLY">{t("weekly")}</option>
          <option value="MONTHLY">{t("monthly")}</option>
        </SelectField>
        {value.frequency ? (
          <TextField
            label={value.frequency === "WEEKLY" ? t("everyHowManyWeeks") : t("everyHowManyMonths")}
            name="repeatInterval"
            value={value.interval}
            onChange={(event) => set({ interval: event.target.value })}
            inputMode="numeric"
          />
        ) : null}
      </div>
      {value.frequency === "WEEKLY" ? (
        <fieldset className={`${styles.fieldset} ${styles.days}`}>
          <legend className={fieldStyles.label}>{t("on")}</legend>
          {WEEKDAYS.map((code) => (
            <label key={code} className={styles.day}>
              <input
                type="checkbox"
                name="repeatWeekdays"
                value={code}
                checked={value.weekdays.includes(code)}
                onChange={(event) => set({ weekdays: event.target.checked ? WEEKDAYS.filter((day) => day === code || value.weekdays.includes(day)) : value.weekdays.filter((day) => day !== code) })}
              />
              <span aria-hidden="true">{weekdayName(code, locale, "short")}</span>
              <span className="visually-hidden">{dayLabel(weekdayName(code, locale))}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {value.frequency === "MONTHLY" ? (
        <div className={styles.grid}>
          <SelectField label={t("onThe")} name="repeatMonthWeek" value={value.monthWeek} onChange={(event) => set({ monthWeek: event.target.value })}>
            {MONTH_WEEKS.map((week) => (
              <option key={week} value={week}>
                {t("monthWeek", { week: MONTH_WEEK_WORDS[week] })}
              </option>
            ))}
          </SelectField>
          <SelectField label={t("weekday")} name="repeatWeekday" value={value.weekdays[0] ?? startDay ?? "SU"} onChange={(event) => set({ weekdays: [event.target.value as Weekday] })}>
            {WEEKDAYS.map((code) => (
              <option key={code} value={code}>
                {dayLabel(weekdayName(code, locale))}
              </option>
            ))}
          </SelectField>
        </div>
      ) : null}
      {value.frequency ? (
        <div className={styles.grid}>
          <SelectField label={t("ends")} name="repeatEnds" value={value.ends} onChange={(event) => set({ ends: event.target.value as RepeatFieldsValue["ends"] })}>
            <option value="count">{t("endsAfterCount")}</option>
            <option value="until">{t("endsOnDate")}</option>
          </SelectField>
          {value.ends === "count" ? (
            <TextField label={t("howManyTimes")} name="repeatCount" value={value.count} onChange={(event) => set({ count: event.target.value })} inputMode="numeric" hint={t("atMost", { max: MAX_OCCURRENCES })} />
          ) : (
            <TextField label={t("lastDate")} name="repeatUntil" type="date" value={value.until} onChange={(event) => set({ until: event.target.value })} />
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
