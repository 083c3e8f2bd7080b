import type { CalendarEvent } from "@/lib/calendar/schemas";
import styles from "./event-badges.module.css";
import { EVENT_TYPE_LABELS, HAPPENING_NOW, STATUS_NOTES } from "./labels";

/** The event's type, its status when people must notice it (cancelled, postponed), said in words, and whether it is on now. */
export function EventBadges({ event }: { event: Pick<CalendarEvent, "eventType" | "status"> }) {
  const status = STATUS_NOTES[event.status];
  return (
    <p className={styles.badges}>
      <span className="badge">{EVENT_TYPE_LABELS[event.eventType]}</span>
      {status && (
        <span className={`badge badge--${event.status.toLowerCase()}`}>
          <span aria-hidden="true" className={styles.icon}>
            {event.status === "CANCELLED" ? "✕" : "!"}
          </span>
          {status.badge}
        </span>
      )}
      {event.status === "ACTIVE" && <span className="badge badge--active">{HAPPENING_NOW}</span>}
    </p>
  );
}
