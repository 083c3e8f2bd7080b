import type { RegistrationSummary } from "@/lib/registrations/schemas";

/**
 * The words of an event's two counts (docs/decisions/0024, "What each count means"), so every page that
 * shows one says which it is, the same way:
 *
 * - **places**: sign-ups holding a place against the capacity ("3 of 20 places left"), before the event;
 * - **here now**: check-ins neither undone nor checked out ("12 here now"), while it runs.
 *
 * Each number comes from its one query (lib/registrations/place-counts.ts, lib/check-in/present-count.ts);
 * these only say it.
 */

const places = (count: number) => `${count} ${count === 1 ? "place" : "places"}`;

/** "3 of 20 places left", "Full: all 20 places are taken · 2 on the waitlist", "No limit on places". */
export function placesWords(summary: Pick<RegistrationSummary, "capacity" | "spaces_left" | "waitlisted">): string {
  const waiting = summary.waitlisted > 0 ? ` · ${summary.waitlisted} on the waitlist` : "";
  if (summary.capacity === null || summary.spaces_left === null) return `No limit on places${waiting}`;
  if (summary.spaces_left > 0) return `${summary.spaces_left} of ${places(summary.capacity)} left${waiting}`;
  return `${summary.capacity === 1 ? "Full: the 1 place is taken" : `Full: all ${summary.capacity} places are taken`}${waiting}`;
}

/** What follows the number of people present: "here now", "here now · room for 8 more (capacity 20)". */
export function hereNowLabel(present: number, capacity: number | null): string {
  if (capacity === null) return "here now";
  const room = capacity - present;
  return `here now · ${room > 0 ? `room for ${room} more` : "no room for more"} (capacity ${capacity})`;
}

/** "12 here now", "12 here now · room for 8 more (capacity 20)". */
export function hereNowWords(present: number, capacity: number | null): string {
  return `${present} ${hereNowLabel(present, capacity)}`;
}
