import { getEventOrThrow } from "@/lib/calendar/get-event-or-throw";
import { getEvent } from "@/lib/calendar/public-endpoints";
import { calendarEndpointRoutes, calendarJson, handleCalendar } from "@/lib/http/calendar-endpoint-route";

export const { GET, OPTIONS, POST, PUT, PATCH, DELETE } = calendarEndpointRoutes(
  handleCalendar(getEvent, async ({ params, database }) => calendarJson(getEvent, await getEventOrThrow(database, params.eventId))),
);
