import { localToInstant } from "./event-time.ts";
import type { CalendarEvent } from "./schemas.ts";

/**
 * "Add to Google / Apple / Outlook" links of one event (docs/decisions/0025). Pure, so the event page (on the
 * server) and "My schedule" (in the browser) build the same links. Times travel as UTC instants, which both
 * web calendars place in the reader's own zone; Apple (and any other app) gets the event's own .ics file.
 */

export interface AddToCalendarLinks {
  google: string;
  outlook: string;
  /** The event's one-event .ics file (a path on this site). */
  apple: string;
}

type LinkedEvent = Pick<CalendarEvent, "eventId" | "title" | "url" | "startDate" | "startTime" | "endDate" | "endTime" | "timezone" | "location">;

/** `20261201T100000Z`, as Google's `dates` takes it. */
function compact(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}Z$/, "Z").replace(/[-:]/g, "");
}

/** `2026-12-01T10:00:00Z`, as Outlook's `startdt`/`enddt` take it. */
function iso(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** `origin` is this site's absolute origin (e.g. https://church.example): the details link back to the event's page. */
export function addToCalendarLinks(event: LinkedEvent, origin: string): AddToCalendarLinks {
  const start = localToInstant(event.startDate, event.startTime, event.timezone);
  const ended = localToInstant(event.endDate, event.endTime, event.timezone);
  const end = ended > start ? ended : start;
  const page = new URL(event.url.startsWith("/") && !event.url.startsWith("//") ? event.url : "/calendar", origin).href;
  const location = event.location ? [event.location.name, event.location.address].filter(Boolean).join(", ") : "";

  const google = new URL("https://calendar.google.com/calendar/render");
  google.search = new URLSearchParams({ action: "TEMPLATE", text: event.title, dates: `${compact(start)}/${compact(end)}`, details: page, ...(location && { location }), ctz: event.timezone }).toString();

  const outlook = new URL("https://outlook.live.com/calendar/0/deeplink/compose");
  outlook.search = new URLSearchParams({ path: "/calendar/action/compose", rru: "addevent", subject: event.title, startdt: iso(start), enddt: iso(end), body: page, ...(location && { location }) }).toString();

  return { google: google.href, outlook: outlook.href, apple: `/api/calendar/events/${encodeURIComponent(event.eventId)}/calendar.ics` };
}
