/**
 * Which public calendar GETs `npm start`'s server (server/main.ts) answers itself, before Next's router,
 * with the routes' own handlers (docs/decisions/0029). Only targets whose routing cannot differ from Next's
 * are matched: the exact paths of the feed, its .ics, and an event's detail and .ics whose id or slug is
 * one segment of unreserved characters (no percent-escape for Next to decode, no dot segment for it to
 * resolve, no trailing slash for it to redirect). Everything else, among them the same routes spelled
 * another way, stays with Next, which answers it the same way through the same handlers.
 */
export type CalendarFastRoute = "upcoming" | "upcomingIcs" | "event" | "eventIcs";

export interface CalendarFastMatch {
  route: CalendarFastRoute;
  /** The dynamic segments as Next would hand them to the route (already decoded: there is nothing to decode). */
  params: Record<string, string>;
}

const PREFIX = "/api/calendar/events/";
/** An id (`evt_…`) or a slug (kebab-case), or anything else of RFC 3986's unreserved characters. */
const SEGMENT = /^[A-Za-z0-9_~.-]+$/;

/** The fast route for a GET or HEAD request target (path and query), or null for Next. */
export function matchCalendarGet(target: string): CalendarFastMatch | null {
  if (!target.startsWith(PREFIX)) return null;
  const query = target.indexOf("?");
  const rest = target.slice(PREFIX.length, query === -1 ? undefined : query);
  if (rest === "upcoming") return { route: "upcoming", params: {} };
  if (rest === "upcoming.ics") return { route: "upcomingIcs", params: {} };
  const slash = rest.indexOf("/");
  const segment = slash === -1 ? rest : rest.slice(0, slash);
  const tail = slash === -1 ? "" : rest.slice(slash);
  // Dot segments are resolved by URL parsers; the static routes' names are Next's to route.
  if (!SEGMENT.test(segment) || /^\.+$/.test(segment) || segment === "upcoming" || segment === "upcoming.ics") return null;
  if (tail === "") return { route: "event", params: { eventId: segment } };
  if (tail === "/calendar.ics") return { route: "eventIcs", params: { eventId: segment } };
  return null;
}
