import type { CalendarEvent, EventType } from "@/lib/calendar/schemas";

/**
 * Plain words for the calendar's enum values, shared by the filters, the cards and the event page, in the page's
 * language (issue 41): each takes the translator of "Calendar.labels" (`useTranslations("Calendar.labels")` or
 * `await getTranslations("Calendar.labels")`); a client component's page names "Calendar.labels" in its
 * ClientMessages.
 */
// i18n-namespace: Calendar.labels

/** The contract's English table, for code outside the pages (the widget, the import) and the filters' order. */
export { EVENT_TYPE_LABELS } from "@/lib/calendar/event-type-labels";

type AttendanceMode = CalendarEvent["attendanceModes"][number];
type NotedStatus = "CANCELLED" | "POSTPONED";

/** The words of "Calendar.labels" these need: `useTranslations("Calendar.labels")` is one. */
export type LabelWords = (key: `types.${EventType}` | `attendance.${AttendanceMode}` | `status.${NotedStatus}` | `statusNote.${NotedStatus}` | "happeningNow") => string;

/** "Service", "Life group". */
export function eventTypeLabel(t: LabelWords, type: EventType): string {
  return t(`types.${type}`);
}

/** "QR code check-in", "No check-in needed". */
export function attendanceModeLabel(t: LabelWords, mode: AttendanceMode): string {
  return t(`attendance.${mode}`);
}

/** "newcomers" → "Newcomers"; audiences are free text, so only the first letter changes. */
export function audienceLabel(audience: string): string {
  return audience.charAt(0).toUpperCase() + audience.slice(1);
}

/** Said of an event while it runs (its status read off the clock, docs/decisions/0034): "Happening now". */
export function happeningNow(t: LabelWords): string {
  return t("happeningNow");
}

function isNoted(status: CalendarEvent["status"]): status is NotedStatus {
  return status === "CANCELLED" || status === "POSTPONED";
}

/** The badge and note shown with a cancelled or postponed event; other statuses need none (null). */
export function statusNote(t: LabelWords, status: CalendarEvent["status"]): { badge: string; note: string } | null {
  if (!isNoted(status)) return null;
  return { badge: t(`status.${status}`), note: t(`statusNote.${status}`) };
}
