import type { CalendarEvent } from "@/lib/calendar/schemas";

/** Plain words for the calendar's enum values, shared by the filters, the cards and the event page. */

export { EVENT_TYPE_LABELS } from "@/lib/calendar/event-type-labels";

type AttendanceMode = CalendarEvent["attendanceModes"][number];

export const ATTENDANCE_MODE_LABELS: Record<AttendanceMode, string> = {
  QR_CODE: "QR code check-in",
  RFID: "Check-in with your RFID badge",
  MANUAL: "Check-in at the welcome desk",
  SELF_CHECK_IN: "Self check-in at a kiosk",
  NONE: "No check-in needed",
};

/** "newcomers" → "Newcomers"; audiences are free text, so only the first letter changes. */
export function audienceLabel(audience: string): string {
  return audience.charAt(0).toUpperCase() + audience.slice(1);
}

/** Status notes shown with a badge; other statuses need no note. */
/** Said of an event while it runs (its status read off the clock, docs/decisions/0034). */
export const HAPPENING_NOW = "Happening now";

export const STATUS_NOTES: Partial<Record<CalendarEvent["status"], { badge: string; note: string }>> = {
  CANCELLED: { badge: "Cancelled", note: "This event is cancelled and will not take place." },
  POSTPONED: { badge: "Postponed", note: "This event is postponed. A new date will be announced." },
};
