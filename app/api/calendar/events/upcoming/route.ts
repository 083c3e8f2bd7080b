import { readUpcomingPage, upcomingFeedBody } from "@/lib/calendar/list-upcoming-events";
import { listUpcomingEvents } from "@/lib/calendar/public-endpoints";
import { JSON_CONTENT_TYPE } from "@/lib/http/calendar";
import { calendarEndpointRoutes, handleCalendar } from "@/lib/http/calendar-endpoint-route";

// The page is assembled from the JSON PostgreSQL built (decision 0029); the contract specs parse every page with the feed's strict schema.
export const { GET, OPTIONS, POST, PUT, PATCH, DELETE } = calendarEndpointRoutes(
  handleCalendar(listUpcomingEvents, async ({ query, database }) => ({ body: upcomingFeedBody(await readUpcomingPage(database, query)), contentType: JSON_CONTENT_TYPE })),
);
