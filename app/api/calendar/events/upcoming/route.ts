import { readUpcomingPage, upcomingFeedBody } from "@/lib/calendar/list-upcoming-events";
import { upcomingEventsQuerySchema } from "@/lib/calendar/schemas";
import { calendarPreflight, calendarRoute, JSON_CONTENT_TYPE, parseQuery } from "@/lib/http/calendar";
import { calendarMethodNotAllowed } from "@/lib/http/method-not-allowed";

// GET /api/calendar/events/upcoming - one page of upcoming public events, filtered, cursor-paged
export const GET = calendarRoute(async (request, _params, database) => {
  const query = parseQuery(request, upcomingEventsQuerySchema);
  return { body: upcomingFeedBody(await readUpcomingPage(database, query)), contentType: JSON_CONTENT_TYPE };
});

// OPTIONS /api/calendar/events/upcoming - CORS preflight for embedding sites
export const OPTIONS = calendarPreflight;

// POST, PUT, PATCH, DELETE /api/calendar/events/upcoming - 405 CalendarError
export const { POST, PUT, PATCH, DELETE } = calendarMethodNotAllowed();
