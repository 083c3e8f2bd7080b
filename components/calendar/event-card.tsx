import Link from "next/link";
import { useTranslations } from "next-intl";
import type { CalendarEvent } from "@/lib/calendar/schemas";
import { EventDateShort } from "./event-date";
import { EventBadges } from "./event-badges";
import styles from "./event-card.module.css";
import { eventTypeLabel, statusNote } from "./labels";

export interface EventCardProps {
  event: CalendarEvent;
  /** Name of the host campus, when known. */
  campusName?: string;
  /** Cards near the top load their artwork at once; the rest lazily. */
  eager?: boolean;
  /** Heading level of the title inside the page's outline. */
  headingLevel?: 2 | 3;
}

/** Intrinsic size of the 16:9 artwork; CSS scales it, the attributes reserve the space (no layout shift). */
export const ARTWORK_WIDTH = 640;
export const ARTWORK_HEIGHT = 360;

/**
 * One event in the feed. The title is the card's only link (it stretches over the card), the artwork is
 * decorative (the title says what it is), and a cancelled or postponed status is said in words as well as
 * with a coloured badge. Words: "Calendar.labels", and "Calendar.dates" for its date.
 */
export function EventCard({ event, campusName, eager = false, headingLevel = 3 }: EventCardProps) {
  const t = useTranslations("Calendar.labels");
  const status = statusNote(t, event.status);
  const cancelled = event.status === "CANCELLED";
  const Heading = headingLevel === 2 ? "h2" : "h3";
  // Venue names often already say the campus ("Harbor Point Campus · Main Auditorium"): name it once.
  const venue = event.location?.name;
  const place = venue && campusName && venue.includes(campusName) ? venue : [venue, campusName].filter(Boolean).join(" · ");

  return (
    <article className={`${styles.card} ${styles.linked}${cancelled ? ` ${styles.cancelled}` : ""}`}>
      <div className={styles.body}>
        <Heading className={styles.title}>
          <Link href={event.url} className={styles.link}>
            {status && <span className="visually-hidden">{status.badge}: </span>}
            <span className={styles.titleText}>{event.title}</span>
          </Link>
        </Heading>
        <EventBadges event={event} />
        <p className={styles.when}>
          <EventDateShort event={event} />
        </p>
        {place && <p className={styles.where}>{place}</p>}
        {status && <p className={`${styles.status} ${cancelled ? styles.statusCancelled : styles.statusPostponed}`}>{status.note}</p>}
      </div>
      <div className={styles.media}>
        {event.imageUrl ? (
          // Artwork is an SVG from this app's (or its CDN's) /images/events/: nothing for next/image to optimise.
          // eslint-disable-next-line @next/next/no-img-element
          <img
            src={event.imageUrl}
            alt=""
            width={ARTWORK_WIDTH}
            height={ARTWORK_HEIGHT}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
          />
        ) : (
          <EventArtworkPlaceholder eventType={event.eventType} />
        )}
      </div>
    </article>
  );
}

/** Stands in for a card's missing artwork, so cards line up: the event's type in large letters. The event page shows none. */
export function EventArtworkPlaceholder({ eventType }: { eventType: CalendarEvent["eventType"] }) {
  const t = useTranslations("Calendar.labels");
  return (
    <div className={styles.placeholder} aria-hidden="true">
      {eventTypeLabel(t, eventType)}
    </div>
  );
}

/** The card's shapes, for the loading placeholders that stand where cards will be. */
export { styles as eventCardStyles };
