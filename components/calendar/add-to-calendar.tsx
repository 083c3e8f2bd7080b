import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { addToCalendarLinks } from "@/lib/calendar/add-to-calendar";
import styles from "./add-to-calendar.module.css";

/**
 * "Add to Google / Apple / Outlook" for one event (docs/decisions/0025), on its page and on "My schedule".
 * Shows "Google", "Apple (.ics)", "Outlook"; each link's name says the whole thing ("Add Family camp to
 * Google Calendar"), since a page lists many. `origin` is this site's. Each link's words sit in one span: the
 * link is a flex box (to centre them), which would otherwise drop the spaces between its parts. Words:
 * "Calendar.addToCalendar".
 */
export function AddToCalendar({ event, origin }: { event: Parameters<typeof addToCalendarLinks>[0]; origin: string }) {
  const t = useTranslations("Calendar.addToCalendar");
  const links = addToCalendarLinks(event, origin);
  const words = { title: event.title, hidden: (chunks: ReactNode) => <span className="visually-hidden">{chunks}</span> };
  return (
    <ul role="list" className={styles.links}>
      <li>
        <a href={links.google} target="_blank" rel="noopener noreferrer" className={styles.link}>
          <span>{t.rich("google", words)}</span>
        </a>
      </li>
      <li>
        <a href={links.apple} download className={styles.link}>
          <span>{t.rich("apple", words)}</span>
        </a>
      </li>
      <li>
        <a href={links.outlook} target="_blank" rel="noopener noreferrer" className={styles.link}>
          <span>{t.rich("outlook", words)}</span>
        </a>
      </li>
    </ul>
  );
}
