import { DateTime } from "luxon";
import type { CalendarEvent } from "@/lib/calendar/schemas";
import styles from "./event-date.module.css";

/**
 * Dates and times of an event, always in the event's own time zone (never the browser's), from its local
 * startDate/startTime/endDate/endTime fields. Formatting is pinned to en-US so the server render and the
 * browser's hydration produce the same text.
 */

type Schedule = Pick<CalendarEvent, "startDate" | "startTime" | "endDate" | "endTime" | "timezone">;

const LOCALE = "en-US";

function local(date: string, time: string, zone: string): DateTime {
  return DateTime.fromISO(`${date}T${time}`, { zone, locale: LOCALE });
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

export function eventTimes(schedule: Schedule): EventTimes | null {
  const start = local(schedule.startDate, schedule.startTime, schedule.timezone);
  const end = local(schedule.endDate, schedule.endTime, schedule.timezone);
  if (!start.isValid || !end.isValid) return null;
  const allDay = isAllDay(schedule);
  const lastDay = allDay && schedule.endTime === "00:00" ? end.minus({ days: 1 }) : end;
  return { start, end, allDay, lastDay, multiDay: !start.hasSame(lastDay, "day") };
}

/** Machine-readable value for `<time dateTime>`: a date for all-day events, else date-time with offset. */
function machine(value: DateTime, allDay: boolean): string {
  return (allDay ? value.toISODate() : value.toISO({ suppressSeconds: true, suppressMilliseconds: true, includeOffset: true })) ?? "";
}

const time = (value: DateTime) => value.toFormat("h:mm a");
const zone = (value: DateTime) => value.toFormat("ZZZZ");

function dayShort(value: DateTime, withYear: boolean) {
  return value.toFormat(withYear ? "ccc, LLL d, yyyy" : "ccc, LLL d");
}

function dayLong(value: DateTime) {
  return value.toFormat("cccc, LLLL d, yyyy");
}

/** The local month an event starts in, as a heading: "December 2026". */
export function monthHeading(schedule: Schedule): string {
  const start = local(schedule.startDate, "00:00", "UTC");
  return start.isValid ? start.toFormat("LLLL yyyy") : schedule.startDate.slice(0, 7);
}

/** One line for a card: "Sun, Dec 6 · 9:30 AM EST", ranges for multi-day events; year only when not this year. */
export function EventDateShort({ event, now }: { event: Schedule; now?: Date }) {
  const times = eventTimes(event);
  if (!times) return <span>{`${event.startDate} ${event.startTime} (${event.timezone})`}</span>;
  const { start, end, allDay, lastDay, multiDay } = times;
  const thisYear = DateTime.fromJSDate(now ?? new Date(), { zone: event.timezone }).year;
  const withYear = start.year !== thisYear || lastDay.year !== start.year;

  if (allDay) {
    if (!multiDay) {
      return (
        <time dateTime={machine(start, true)}>
          <span className="nowrap">{dayShort(start, withYear)}</span> · <span className="nowrap">All day</span>
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
  const times = eventTimes(event);
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
          <time dateTime={machine(start, true)}>{dayLong(start)}</time>
          {multiDay && (
            <>
              {" to "}
              <time dateTime={machine(lastDay, true)}>{dayLong(lastDay)}</time>
            </>
          )}
        </span>
        <span className={styles.time}>All day</span>
      </p>
    );
  }
  const zoneNote = <span className={styles.zone}>Times are {start.toFormat("ZZZZZ")}.</span>;
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
        From{" "}
        <time dateTime={machine(start, false)}>
          {dayLong(start)}, {time(start)} {zone(start)}
        </time>
      </span>
      <span className={styles.day}>
        to{" "}
        <time dateTime={machine(end, false)}>
          {dayLong(end)}, {time(end)} {zone(end)}
        </time>
      </span>
      {zoneNote}
    </p>
  );
}
