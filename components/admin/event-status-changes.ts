import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { EVENT_STATUS_CHANGES, type EventStatusChange } from "@/lib/calendar/staff-schemas";

/** What each change is called and says, in the page's language (the "AdminEvents.changes" messages). */
export interface ChangeWords {
  button: string;
  title: string;
  body: string;
  /** "“Youth night” is published on the calendar." */
  done(title: string): string;
  /** "We couldn’t publish “Youth night”.", before the API's reason. */
  failed(title: string): string;
}

/**
 * Publishing, postponing and cancelling an event in the office's words: the button, the question its
 * confirmation asks, what that says happens, and how the outcome is said ("“Youth night” is published on the
 * calendar."). Shared by the events list (publish a draft) and the event's own page (every change).
 */
export function useChangeWords(): (change: EventStatusChange) => ChangeWords {
  const t = useTranslations("AdminEvents.changes");
  return useCallback(
    (change: EventStatusChange) => ({
      button: t(`${change}.button`),
      title: t(`${change}.title`),
      body: t(`${change}.body`),
      done: (title: string) => t(`${change}.done`, { title }),
      failed: (title: string) => t(`${change}.failed`, { title }),
    }),
    [t],
  );
}

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
