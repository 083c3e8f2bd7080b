import { listUpcomingEvents } from "@/lib/calendar/list-upcoming-events";
import { upcomingEventsQuerySchema, upcomingFeedSchema } from "@/lib/calendar/schemas";
import { calendarPreflight, calendarRoute, jsonResult, parseQuery } from "@/lib/http/calendar";

// GET /api/calendar/events/upcoming - one page of upcoming public events, filtered, cursor-paged
export const GET = calendarRoute(async (request) => {
  const query = parseQuery(request, upcomingEventsQuerySchema);
  return jsonResult(upcomingFeedSchema, await listUpcomingEvents(query));
});

// OPTIONS /api/calendar/events/upcoming - CORS preflight for embedding sites
export const OPTIONS = calendarPreflight;
