import { useTranslations } from "next-intl";
import type { CalendarEvent } from "@/lib/calendar/schemas";
import styles from "./event-badges.module.css";
import { eventTypeLabel, happeningNow, statusNote } from "./labels";

/** The event's type, its status when people must notice it (cancelled, postponed), said in words, and whether it is on now. Words: "Calendar.labels". */
export function EventBadges({ event }: { event: Pick<CalendarEvent, "eventType" | "status"> }) {
  const t = useTranslations("Calendar.labels");
  const status = statusNote(t, event.status);
  return (
    <p className={styles.badges}>
      <span className="badge">{eventTypeLabel(t, event.eventType)}</span>
      {status && (
        <span className={`badge badge--${event.status.toLowerCase()}`}>
          <span aria-hidden="true" className={styles.icon}>
            {event.status === "CANCELLED" ? "✕" : "!"}
          </span>
          {status.badge}
        </span>
      )}
      {event.status === "ACTIVE" && <span className="badge badge--active">{happeningNow(t)}</span>}
    </p>
  );
}
