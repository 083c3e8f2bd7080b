import { DateTime, IANAZone } from "luxon";

/**
 * Local wall-clock time in an IANA zone → the instant it denotes, DST-correct (luxon uses the zone rules
 * of the runtime's ICU data). Both DST edge cases resolve as RFC 5545 3.3.5 says, so our instants agree
 * with every calendar app reading our .ics: a time inside a spring-forward gap does not exist and is read
 * with the offset before the gap (02:30 → 03:30); a time inside a fall-back overlap happens twice and
 * means the first occurrence.
 */
export function localToInstant(date: string, time: string, timezone: string): Date {
  if (!isValidTimeZone(timezone)) throw new RangeError(`unknown time zone ${timezone}`);
  const local = DateTime.fromISO(`${date}T${time}`, { zone: timezone });
  if (!local.isValid) throw new RangeError(`invalid local date-time ${date} ${time}: ${local.invalidExplanation}`);
  // luxon picks the later offset in an overlap; the first occurrence is the earliest of the candidates.
  const candidates = local.getPossibleOffsets();
  const first = candidates.reduce((earliest, candidate) => (candidate.toMillis() < earliest.toMillis() ? candidate : earliest), local);
  return first.toJSDate();
}

/**
 * Zone names found valid. Luxon checks a name by building an `Intl.DateTimeFormat` (~1 ms), and a feed of
 * 300 events checked each start and end: most of an iCalendar answer's time. Only valid names are kept, and
 * there are a few hundred of them, so hostile input cannot grow this.
 */
const validZones = new Set<string>();

export function isValidTimeZone(timezone: string): boolean {
  if (validZones.has(timezone)) return true;
  const valid = IANAZone.isValidZone(timezone);
  if (valid) validZones.add(timezone);
  return valid;
}

export interface LocalSchedule {
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  timezone: string;
}

/**
 * The longest an event may last. It bounds the feed's index scan: an event that ends now or later started
 * no earlier than now minus this, so the feed can range-scan (start_at, id) instead of reading the past.
 */
export const MAX_EVENT_DURATION_DAYS = 62;
const MAX_EVENT_DURATION_MS = MAX_EVENT_DURATION_DAYS * 24 * 60 * 60 * 1000;

/** Start and end instants of a schedule; throws if the end is before the start or it runs too long. */
export function scheduleInstants(schedule: LocalSchedule): { startAt: Date; endAt: Date } {
  const startAt = localToInstant(schedule.startDate, schedule.startTime, schedule.timezone);
  const endAt = localToInstant(schedule.endDate, schedule.endTime, schedule.timezone);
  if (endAt < startAt) throw new RangeError("an event cannot end before it starts");
  if (endAt.getTime() - startAt.getTime() > MAX_EVENT_DURATION_MS) {
    throw new RangeError(`an event may last at most ${MAX_EVENT_DURATION_DAYS} days`);
  }
  return { startAt, endAt };
}

/** The earliest start instant an event still upcoming at `now` can have. */
export function earliestUpcomingStart(now: Date): Date {
  return new Date(now.getTime() - MAX_EVENT_DURATION_MS);
}
