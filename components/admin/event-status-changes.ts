import { EVENT_STATUS_CHANGES, type EventStatusChange } from "@/lib/calendar/staff-schemas";

/**
 * Publishing, postponing and cancelling an event in the office's words: the button, the question its
 * confirmation asks, what that says happens, and how the outcome is said ("“Youth night” is published on the
 * calendar."). Shared by the events list (publish a draft) and the event's own page (every change).
 */
export const CHANGE_WORDS: Record<EventStatusChange, { button: string; title: string; body: string; done: string }> = {
  publish: {
    button: "Publish",
    title: "Publish this event?",
    body: "It appears on the public calendar, in embeds and in calendar subscriptions at once.",
    done: "is published on the calendar",
  },
  postpone: {
    button: "Postpone",
    title: "Postpone this event?",
    body: "It stays on the calendar marked “Postponed”. Edit its dates and publish it again when they are known.",
    done: "is marked postponed on the calendar",
  },
  cancel: {
    button: "Cancel event",
    title: "Cancel this event?",
    body: "It stays on the calendar marked “Cancelled”, so people who planned to come see the change.",
    done: "is marked cancelled on the calendar",
  },
};

const BUTTON_ORDER: readonly EventStatusChange[] = ["publish", "postpone", "cancel"];

/** Which status changes make sense from a status (the API's own rule), in the order the buttons show: the red one last. */
export function changesFrom(status: string): EventStatusChange[] {
  return BUTTON_ORDER.filter((change) => {
    const rule = EVENT_STATUS_CHANGES[change];
    return rule.to !== status && (rule.from as readonly string[]).includes(status);
  });
}

/** The badge an event's status wears in the office's lists and on its page. */
export function statusBadgeClass(status: string): string {
  switch (status) {
    case "CANCELLED":
      return "badge badge--cancelled";
    case "POSTPONED":
      return "badge badge--postponed";
    case "ACTIVE":
      return "badge badge--active";
    case "DRAFT":
    case "COMPLETED":
      return "badge badge--muted";
    default:
      return "badge";
  }
}
