import { buildIcsCalendar, ICS_CONTENT_TYPE } from "@/lib/calendar/ics";
import { listUpcomingEventsForSubscription } from "@/lib/calendar/list-upcoming-events";
import { upcomingEventsQuerySchema } from "@/lib/calendar/schemas";
import { env } from "@/lib/env";
import { calendarPreflight, calendarRoute, parseQuery } from "@/lib/http/calendar";
import { churchName } from "@/lib/church";
import { calendarMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { loadIcsSeries } from "@/lib/series/ics-series";

const subscriptionQuerySchema = upcomingEventsQuerySchema.pick({ type: true, ministryId: true, campusId: true, audience: true });

// GET /api/calendar/events/upcoming.ics - the upcoming feed as an iCalendar subscription (same filters)
export const GET = calendarRoute(async (request, _params, database) => {
  const filters = parseQuery(request, subscriptionQuerySchema);
  const events = await listUpcomingEventsForSubscription(database, filters);
  return {
    body: buildIcsCalendar(events, { name: `${churchName()} events`, baseUrl: env().BASE_URL, series: await loadIcsSeries(database, events) }),
    contentType: ICS_CONTENT_TYPE,
  };
});

// OPTIONS /api/calendar/events/upcoming.ics - CORS preflight for embedding sites
export const OPTIONS = calendarPreflight;

// POST, PUT, PATCH, DELETE /api/calendar/events/upcoming.ics - 405 CalendarError
export const { POST, PUT, PATCH, DELETE } = calendarMethodNotAllowed();
