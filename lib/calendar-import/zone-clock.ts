import { IANAZone } from "luxon";
import { localToInstant } from "../calendar/event-time.ts";

/**
 * Instants and wall-clock times in IANA zones, fast enough for a calendar file's 20,000 dates: luxon's
 * offsets, looked up once per zone and UTC day, and localToInstant (the calendar's own reading of DST gaps and
 * overlaps) wherever a change of offset is near. The answers are localToInstant's and luxon's; only the work
 * is saved.
 */

const DAY_MS = 86_400_000;

/**
 * Offsets at the start of UTC days, by zone and day: one Intl look-up costs ~20 µs, a file may have 20,000
 * dates, and its dates share days. Bounded; it only saves work, never changes an answer.
 */
const dayOffsets = new Map<string, number>();
const MAX_DAY_OFFSETS = 100_000;

function offsetAtDayStart(zone: string, day: number): number {
  const key = `${zone}|${day}`;
  let offset = dayOffsets.get(key);
  if (offset === undefined) {
    if (dayOffsets.size >= MAX_DAY_OFFSETS) dayOffsets.clear();
    offset = IANAZone.create(zone).offset(day * DAY_MS);
    dayOffsets.set(key, offset);
  }
  return offset;
}

/**
 * The zone's offset in minutes, when it is the same from the start of the UTC day before `ms` to the start of
 * the day two days after (no change in tzdb comes and goes within three days); else null.
 */
function steadyOffset(zone: string, ms: number): number | null {
  const day = Math.floor(ms / DAY_MS);
  const before = offsetAtDayStart(zone, day - 1);
  return before === offsetAtDayStart(zone, day + 2) ? before : null;
}

/** The local date and clock time (HH:MM) in `zone` at the instant `ms`. */
export function localAt(ms: number, zone: string): { date: string; time: string } {
  const offset = steadyOffset(zone, ms) ?? IANAZone.create(zone).offset(ms);
  const shifted = new Date(ms + offset * 60_000).toISOString();
  return { date: shifted.slice(0, 10), time: shifted.slice(11, 16) };
}

export function localDateAt(ms: number, zone: string): string {
  return localAt(ms, zone).date;
}

/**
 * Wall-clock time in an IANA zone → its instant: localToInstant's answer (RFC 5545's reading of DST gaps and
 * overlaps). Away from a change the offset holds over every instant the wall time could mean (within 14 hours
 * of it read as UTC), so the one offset gives the one answer; near a change localToInstant (~0.1 ms) decides.
 */
export function wallToInstant(date: string, clock: string, zone: string): number {
  const asUtc = Date.parse(`${date}T${clock}Z`);
  const offset = steadyOffset(zone, asUtc);
  return offset === null ? localToInstant(date, clock, zone).getTime() : asUtc - offset * 60_000;
}

