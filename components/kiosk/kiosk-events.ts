import type { OpenEvent } from "@/lib/check-in/schemas";
import type { KioskT } from "./kiosk-words";

// i18n-namespace: Kiosk

/**
 * The kiosk's event counts (issue 38): how many are here now, as the tiles and the pickup list say it, and
 * the counts moved at once by a check-out this tablet just made, before the list is read again.
 */

/** "3 checked in", or "3 of 20 checked in" for an event with places, in the visit's language. */
export function presentWords(t: KioskT, event: Pick<OpenEvent, "checked_in" | "capacity">): string {
  return event.capacity === null ? t("screen.checkedIn", { count: event.checked_in }) : t("screen.checkedInOf", { count: event.checked_in, capacity: event.capacity });
}

/** The events with each check-out's event counting one fewer (never below none). */
export function withCheckOuts(events: readonly OpenEvent[], checkedOut: readonly { event_id: string }[]): OpenEvent[] {
  const gone = new Map<string, number>();
  for (const row of checkedOut) gone.set(row.event_id, (gone.get(row.event_id) ?? 0) + 1);
  return events.map((event) => (gone.has(event.id) ? { ...event, checked_in: Math.max(0, event.checked_in - gone.get(event.id)!) } : event));
}
