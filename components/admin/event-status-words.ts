import type { EventStatus } from "@/lib/calendar/schemas";

/** An event's status as the office says it (ACTIVE and COMPLETED are read off the clock, docs/decisions/0034). */
export const EVENT_STATUS_WORDS: Record<EventStatus, string> = {
  DRAFT: "Draft",
  SCHEDULED: "Scheduled",
  ACTIVE: "Happening now",
  COMPLETED: "Completed",
  CANCELLED: "Cancelled",
  POSTPONED: "Postponed",
};
