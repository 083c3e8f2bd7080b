import "server-only";
import { sharedFreshRead } from "../async/shared-fresh-read.ts";
import type { Database } from "../db/database.ts";

/**
 * The calendar's version: a counter in PostgreSQL that statement triggers on event, ministry, campus and
 * event_series bump in the same transaction as every write (migration …_staff_management). The calendar's
 * in-process response cache keys every entry by it, so a change committed by any instance (staff routes,
 * the seed, a console) is in the very next answer of every instance. One primary-key read per request,
 * shared by the requests that arrive while it runs (lib/async/shared-fresh-read.ts: each still waits for a
 * read that began after it arrived), so under load the cached path costs a round trip per batch of
 * requests, not per request; correctness never depends on a TTL. Raw SQL: the calendar's hot path
 * (docs/decisions/0019, reason 3). On the embedded database, which only this process can write to, the
 * read is skipped while no calendar change has been committed since the last one (`calendarChanges`,
 * counted from the trigger's notifications: docs/decisions/0029): a query there costs this process's CPU.
 */
const readers = new WeakMap<Database, () => Promise<string>>();
/** On the embedded database: the version last read, and the count of calendar changes just before it was read. */
const known = new WeakMap<Database, { changes: number; version: string }>();

export function readCalendarVersion(database: Database): Promise<string> {
  const changes = database.calendarChanges?.();
  if (changes !== undefined) {
    // The embedded database: only this process writes to it, and each committed write is counted before
    // its statement returns. The same count as before a read means the same version as that read found.
    const last = known.get(database);
    if (last && last.changes === changes) return Promise.resolve(last.version);
    return sharedRead(database).then((version) => {
      known.set(database, { changes, version });
      return version;
    });
  }
  return sharedRead(database);
}

function sharedRead(database: Database): Promise<string> {
  let read = readers.get(database);
  if (!read) {
    read = sharedFreshRead(async (): Promise<string> => {
      const [row] = await database.query<{ version: string }>(`SELECT version::text AS version FROM calendar_version WHERE id = 1`);
      // A database migrated before the counter existed has no row: no caching key can then go stale, as
      // every answer is read fresh below (the empty key is never stored).
      return row?.version ?? "";
    });
    readers.set(database, read);
  }
  return read();
}
