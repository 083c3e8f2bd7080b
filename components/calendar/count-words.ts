import type { RegistrationSummary } from "@/lib/registrations/schemas";

/**
 * The words of an event's two counts (docs/decisions/0024, "What each count means"), so every page that
 * shows one says which it is, the same way:
 *
 * - **places**: sign-ups holding a place against the capacity ("3 of 20 places left"), before the event;
 * - **here now**: check-ins neither undone nor checked out ("12 here now"), while it runs.
 *
 * Each number comes from its one query (lib/registrations/place-counts.ts, lib/check-in/present-count.ts);
 * these only say it, in the page's language (issue 41): each takes the translator of "Calendar.counts"
 * (`useTranslations("Calendar.counts")`, `await getTranslations("Calendar.counts")`); a client component's page
 * names "Calendar.counts" in its ClientMessages.
 */
// i18n-namespace: Calendar.counts

/** The words of "Calendar.counts" these need: `useTranslations("Calendar.counts")` is one. */
export type CountWords = (key: "noLimit" | "left" | "full" | "waitlisted" | "hereNow" | "hereNowRoom" | "hereNowNoRoom", values?: Record<string, number>) => string;

/** "3 of 20 places left", "Full: all 20 places are taken · 2 on the waitlist", "No limit on places". */
export function placesWords(t: CountWords, summary: Pick<RegistrationSummary, "capacity" | "spaces_left" | "waitlisted">): string {
  const places =
    summary.capacity === null || summary.spaces_left === null
      ? t("noLimit")
      : summary.spaces_left > 0
        ? t("left", { left: summary.spaces_left, capacity: summary.capacity })
        : t("full", { capacity: summary.capacity });
  return summary.waitlisted > 0 ? `${places} · ${t("waitlisted", { count: summary.waitlisted })}` : places;
}

/** What follows the number of people present: "here now", "here now · room for 8 more (capacity 20)". */
export function hereNowLabel(t: CountWords, present: number, capacity: number | null): string {
  if (capacity === null) return t("hereNow", { present });
  const room = capacity - present;
  return room > 0 ? t("hereNowRoom", { present, room, capacity }) : t("hereNowNoRoom", { present, room, capacity });
}

/** "12 here now", "12 here now · room for 8 more (capacity 20)". */
export function hereNowWords(t: CountWords, present: number, capacity: number | null): string {
  return `${present} ${hereNowLabel(t, present, capacity)}`;
}
