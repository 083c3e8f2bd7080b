import type { EventType } from "./schemas.ts";

/**
 * The event types in plain words, in the order of the contract's enum (filters list them in this order).
 * Plain data with a type-only import: the portal's pages and the embeddable widget (lib/embed, bundled on its
 * own by esbuild) share it.
 */
export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  SERVICE: "Service",
  CONFERENCE: "Conference",
  COURSE: "Course",
  SPECIAL_EVENT: "Special event",
  PRAYER_CAMPAIGN: "Prayer campaign",
  LIFE_GROUP: "Life group",
  CAMP: "Camp",
  WORKSHOP: "Workshop",
};
