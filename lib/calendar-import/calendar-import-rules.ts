/**
 * The bounds of a calendar import (issue 40, part 2), shared by the reader, the routes and the page.
 */

/** An .ics file or an address's answer, at most this many bytes: years of a busy church calendar are ~2 MB. */
export const CALENDAR_MAX_BYTES = 5 * 1024 * 1024;

/** Events are brought in from a day ago to a year ahead: the feed shows what is coming, not the archive. */
export const IMPORT_DAYS_BEHIND = 1;
export const IMPORT_DAYS_AHEAD = 365;

/** A kept-in-sync address is read again once this long has passed (the scheduled job runs hourly). */
export const SYNC_EVERY_MINUTES = 55;

export const CALENDAR_IMPORT_STATUSES = ["ready", "done", "failed"] as const;

/** The window of events an import brings in, around `now`. */
export function importWindow(now: Date): { from: Date; until: Date } {
  const day = 86_400_000;
  return { from: new Date(now.getTime() - IMPORT_DAYS_BEHIND * day), until: new Date(now.getTime() + IMPORT_DAYS_AHEAD * day) };
}
