import type { EventStatus } from "./schemas.ts";

/**
 * An event's status, read off the clock (docs/decisions/0034). DRAFT, CANCELLED and POSTPONED are decisions
 * staff make and the database stores; an event on the calendar is stored SCHEDULED, and whether it is
 * SCHEDULED, ACTIVE or COMPLETED is the time: ACTIVE from its start to its end, both included (the feed keeps
 * an event "whose end is now or later", decisions.md 4, and it is running while it is there), COMPLETED after. Nothing has to run at the start or the
 * end of an event, so the feed, the pages and the kiosk cannot disagree with the clock or with each other.
 * Start and end are instants, so midnight and daylight-saving changes need no special case here.
 */

/** Where a query collects its parameters (public-events-sql.ts's SqlParams): each value gets the next $n. */
interface SqlParams {
  add(value: unknown): string;
}

/** The statuses the database holds (a check constraint keeps ACTIVE and COMPLETED out of it). */
export const STORED_EVENT_STATUSES = ["DRAFT", "SCHEDULED", "CANCELLED", "POSTPONED"] as const satisfies readonly EventStatus[];
export type StoredEventStatus = (typeof STORED_EVENT_STATUSES)[number];

/** A stored status as its narrower type; ACTIVE or COMPLETED in the database would be a broken invariant. */
export function storedEventStatus(status: EventStatus): StoredEventStatus {
  if (!(STORED_EVENT_STATUSES as readonly string[]).includes(status)) throw new Error(`an event is stored ${status}`);
  return status as StoredEventStatus;
}

export function eventStatusAt(status: StoredEventStatus, event: { startAt: Date; endAt: Date }, now: Date): EventStatus {
  if (status !== "SCHEDULED") return status;
  if (now.getTime() < event.startAt.getTime()) return "SCHEDULED";
  return now.getTime() <= event.endAt.getTime() ? "ACTIVE" : "COMPLETED";
}

/** The same rule in SQL over the event row `e` at the instant the SQL expression `at` gives. */
export function eventStatusSql(at: string): string {
  return `(CASE WHEN e.status <> 'SCHEDULED' THEN e.status::text WHEN ${at} < e.start_at THEN 'SCHEDULED' WHEN ${at} <= e.end_at THEN 'ACTIVE' ELSE 'COMPLETED' END)`;
}

/** The instant `now` as an SQL parameter. */
export function instantSql(params: SqlParams, now: Date): string {
  return `${params.add(now.toISOString())}::timestamptz`;
}

/** A condition on `e` that holds when its status at `now` is `status`. */
export function eventStatusIsSql(params: SqlParams, status: EventStatus, now: Date): string {
  switch (status) {
    case "SCHEDULED":
      return `(e.status = 'SCHEDULED' AND ${instantSql(params, now)} < e.start_at)`;
    case "ACTIVE": {
      const at = instantSql(params, now);
      return `(e.status = 'SCHEDULED' AND e.start_at <= ${at} AND ${at} <= e.end_at)`;
    }
    case "COMPLETED":
      return `(e.status = 'SCHEDULED' AND e.end_at < ${instantSql(params, now)})`;
    default:
      return `e.status = ${params.add(status)}::"EventStatus"`;
  }
}

/**
 * The next instant after `now` at which any event's status or place in the feed can change. Events start and
 * end on a whole minute (times are HH:MM, in zones whose offsets are whole minutes): one starts at the minute,
 * and one that ends then is over a millisecond later. So an answer made at `now` stays true until then.
 */
export function nextStatusChangeAfter(now: number): number {
  const minute = Math.floor(now / 60_000) * 60_000;
  return now === minute ? minute + 1 : minute + 60_000;
}
