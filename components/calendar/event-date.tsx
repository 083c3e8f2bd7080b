import { DateTime } from "luxon";
import { useLocale, useTranslations } from "next-intl";
import type { CalendarEvent } from "@/lib/calendar/schemas";
import { plainSpaces } from "@/lib/i18n/plain-spaces";
import styles from "./event-date.module.css";

/**
 * Dates and times of an event, always in the event's own time zone (never the browser's), from its local
 * startDate/startTime/endDate/endTime fields, in the page's language (issue 41: the locale as next-intl gives
 * it, so the server render and the browser's hydration produce the same text): days and months by Intl
 * ("Sun, Dec 6"; "dom, 6 dic"), hours on a 12-hour clock ("9:30 AM"; "9:30 a. m."). The words are
 * "Calendar.dates": a client component's page names it in its ClientMessages.
 */

type Schedule = Pick<CalendarEvent, "startDate" | "startTime" | "endDate" | "endTime" | "timezone">;

function local(date: string, time: string, zone: string, locale: string): DateTime {
  return DateTime.fromISO(`${date}T${time}`, { zone, locale });
}

/** An event that starts at midnight and ends at 23:59 (or midnight) is shown as an all-day event. */
export function isAllDay(schedule: Schedule): boolean {
  return schedule.startTime === "00:00" && (schedule.endTime === "23:59" || (schedule.endTime === "00:00" && schedule.endDate > schedule.startDate));
}

export interface EventTimes {
  start: DateTime;
  end: DateTime;
  allDay: boolean;
  /** Last calendar day of the event (for an all-day event ending at midnight, the day before). */
  lastDay: DateTime;
  multiDay: boolean;
}

/** The event's times, written in `locale` (a tag, as next-intl gives it). */
export function eventTimes(schedule: Schedule, locale: string): EventTimes | null {
  const start = local(schedule.startDate, schedule.startTime, schedule.timezone, locale);
  const end = local(schedule.endDate, schedule.endTime, schedule.timezone, locale);
  if (!start.isValid || !end.isValid) return null;
  const allDay = isAllDay(schedule);
  const lastDay = allDay && schedule.endTime === "00:00" ? end.minus({ days: 1 }) : end;
  return { start, end, allDay, lastDay, multiDay: !start.hasSame(lastDay, "day") };
}

/** Machine-readable value for `<time dateTime>`: a date for all-day events, else date-time with offset. */
function machine(value: DateTime, allDay: boolean): string {
  return (allDay ? value.toISODate() : value.toISO({ suppressSeconds: true, suppressMilliseconds: true, includeOffset: true })) ?? "";
}

/** "9:30 AM", "9:30 a. m.": the pattern's hour and minutes, the language's own AM and PM. */
const time = (value: DateTime) => plainSpaces(value.toFormat("h:mm a"));
/** "EST"; "GMT-5" where the language has no abbreviation for the zone. */
const zone = (value: DateTime) => plainSpaces(value.toFormat("ZZZZ"));

/** "Sun, Dec 6" ("Sun, Dec 6, 2026"), "dom, 6 dic". */
function dayShort(value: DateTime, withYear: boolean) {
  return plainSpaces(value.toLocaleString(withYear ? { weekday: "short", month: "short", day: "numeric", year: "numeric" } : { weekday: "short", month: "short", day: "numeric" }));
}

/** "Sunday, December 6, 2026", "domingo, 6 de diciembre de 2026". */
function dayLong(value: DateTime) {
  return plainSpaces(value.toLocaleString({ weekday: "long", month: "long", day: "numeric", year: "numeric" }));
}

/** The local month an event starts in, as a heading: "December 2026", "Diciembre de 2026". */
export function monthHeading(schedule: Schedule, locale: string): string {
  const start = local(schedule.startDate, "00:00", "UTC", locale);
  if (!start.isValid) return schedule.startDate.slice(0, 7);
  const month = plainSpaces(start.toLocaleString({ month: "long", year: "numeric" }));
  // A heading starts with a capital, in a language that writes its months in lower case too.
  return month.charAt(0).toLocaleUpperCase(locale) + month.slice(1);
}

/** One line for a card: "Sun, Dec 6 · 9:30 AM EST", ranges for multi-day events; year only when not this year. */
export function EventDateShort({ event, now }: { event: Schedule; now?: Date }) {
  const t = useTranslations("Calendar.dates");
  const locale = useLocale();
  const times = eventTimes(event, locale);
  if (!times) return <span>{`${event.startDate} ${event.startTime} (${event.timezone})`}</span>;
  const { start, end, allDay, lastDay, multiDay } = times;
  const thisYear = DateTime.fromJSDate(now ?? new Date(), { zone: event.timezone }).year;
  const withYear = start.year !== thisYear || lastDay.year !== start.year;

  if (allDay) {
    if (!multiDay) {
      return (
        <time dateTime={machine(start, true)}>
          <span className="nowrap">{dayShort(start, withYear)}</span> · <span className="nowrap">{t("allDay")}</span>
        </time>
      );
    }
    return (
      <>
        <time dateTime={machine(start, true)} className="nowrap">
          {dayShort(start, withYear)}
        </time>
        {" – "}
        <time dateTime={machine(lastDay, true)} className="nowrap">
          {dayShort(lastDay, withYear)}
        </time>
      </>
    );
  }
  if (!multiDay) {
    return (
      <time dateTime={machine(start, false)}>
        <span className="nowrap">{dayShort(start, withYear)}</span> · <span className="nowrap">{`${time(start)} ${zone(start)}`}</span>
      </time>
    );
  }
  const sameZone = zone(start) === zone(end);
  return (
    <>
      <time dateTime={machine(start, false)}>
        <span className="nowrap">{dayShort(start, withYear)},</span> <span className="nowrap">{time(start) + (sameZone ? "" : ` ${zone(start)}`)}</span>
      </time>
      {" – "}
      <time dateTime={machine(end, false)}>
        <span className="nowrap">{dayShort(end, withYear)},</span> <span className="nowrap">{`${time(end)} ${zone(end)}`}</span>
      </time>
    </>
  );
}

/** The event page's "When": full day names, the year, the end time, and the time zone spelled out. */
export function EventDateFull({ event }: { event: Schedule }) {
  const t = useTranslations("Calendar.dates");
  const locale = useLocale();
  const times = eventTimes(event, locale);
  if (!times) {
    return (
      <p>
        {event.startDate} {event.startTime} – {event.endDate} {event.endTime} ({event.timezone})
      </p>
    );
  }
  const { start, end, allDay, lastDay, multiDay } = times;

  if (allDay) {
    return (
      <p className={styles.when}>
        <span className={styles.day}>
          {multiDay ? (
            t.rich("dayRange", {
              firstDay: dayLong(start),
              lastDay: dayLong(lastDay),
              first: (chunks) => <time dateTime={machine(start, true)}>{chunks}</time>,
              last: (chunks) => <time dateTime={machine(lastDay, true)}>{chunks}</time>,
            })
          ) : (
            <time dateTime={machine(start, true)}>{dayLong(start)}</time>
          )}
        </span>
        <span className={styles.time}>{t("allDay")}</span>
      </p>
    );
  }
  const zoneNote = <span className={styles.zone}>{t("timesAre", { zone: plainSpaces(start.toFormat("ZZZZZ")) })}</span>;
  if (!multiDay) {
    return (
      <p className={styles.when}>
        <span className={styles.day}>
          <time dateTime={machine(start, true)}>{dayLong(start)}</time>
        </span>
        <span className={styles.time}>
          <time dateTime={machine(start, false)}>
            {time(start)}
            {zone(start) === zone(end) ? "" : ` ${zone(start)}`}
          </time>
          {" – "}
          <time dateTime={machine(end, false)}>
            {time(end)} {zone(end)}
          </time>
        </span>
        {zoneNote}
      </p>
    );
  }
  return (
    <p className={styles.when}>
      <span className={styles.day}>
        {t.rich("from", { when: `${dayLong(start)}, ${time(start)} ${zone(start)}`, time: (chunks) => <time dateTime={machine(start, false)}>{chunks}</time> })}
      </span>
      <span className={styles.day}>
        {t.rich("to", { when: `${dayLong(end)}, ${time(end)} ${zone(end)}`, time: (chunks) => <time dateTime={machine(end, false)}>{chunks}</time> })}
      </span>
      {zoneNote}
    </p>
  );
}
