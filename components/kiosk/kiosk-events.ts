import type { OpenEvent } from "@/lib/check-in/schemas";

/**
 * The kiosk's event counts (issue 38): how many are here now, as the tiles and the pickup list say it, and
 * the counts moved at once by a check-out this tablet just made, before the list is read again.
 */

/** "3 checked in", or "3 of 20 checked in" for an event with places. */
export function presentWords(event: Pick<OpenEvent, "checked_in" | "capacity">): string {
  return event.capacity === null ? `${event.checked_in} checked in` : `${event.checked_in} of ${event.capacity} checked in`;
}

/** The events with each check-out's event counting one fewer (never below none). */
export function withCheckOuts(events: readonly OpenEvent[], checkedOut: readonly { event_id: string }[]): OpenEvent[] {
  const gone = new Map<string, number>();
  for (const row of checkedOut) gone.set(row.event_id, (gone.get(row.event_id) ?? 0) + 1);
  return events.map((event) => (gone.has(event.id) ? { ...event, checked_in: Math.max(0, event.checked_in - gone.get(event.id)!) } : event));
}
