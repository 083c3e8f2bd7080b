import { addToCalendarLinks } from "@/lib/calendar/add-to-calendar";
import styles from "./add-to-calendar.module.css";

/**
 * "Add to Google / Apple / Outlook" for one event (docs/decisions/0025), on its page and on "My schedule".
 * Shows "Google", "Apple (.ics)", "Outlook"; each link's name says the whole thing ("Add Family camp to
 * Google Calendar"), since a page lists many. `origin` is this site's. Each link's words sit in one span: the
 * link is a flex box (to centre them), which would otherwise drop the spaces between its parts.
 */
export function AddToCalendar({ event, origin }: { event: Parameters<typeof addToCalendarLinks>[0]; origin: string }) {
  const links = addToCalendarLinks(event, origin);
  const add = <span className="visually-hidden">Add {event.title} to </span>;
  return (
    <ul role="list" className={styles.links}>
      <li>
        <a href={links.google} target="_blank" rel="noopener noreferrer" className={styles.link}>
          <span>
            {add}Google<span className="visually-hidden"> Calendar</span>
          </span>
        </a>
      </li>
      <li>
        <a href={links.apple} download className={styles.link}>
          <span>
            {add}Apple<span className="visually-hidden"> Calendar</span> (.ics)
          </span>
        </a>
      </li>
      <li>
        <a href={links.outlook} target="_blank" rel="noopener noreferrer" className={styles.link}>
          <span>{add}Outlook</span>
        </a>
      </li>
    </ul>
  );
}
