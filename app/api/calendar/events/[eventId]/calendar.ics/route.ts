import { getEventOrThrow } from "@/lib/calendar/get-event-or-throw";
import { buildIcsEvent, ICS_CONTENT_TYPE } from "@/lib/calendar/ics";
import { eventIdParamsSchema } from "@/lib/calendar/schemas";
import { churchName } from "@/lib/church";
import { env } from "@/lib/env";
import { calendarPreflight, calendarRoute } from "@/lib/http/calendar";
import { calendarMethodNotAllowed } from "@/lib/http/method-not-allowed";

// GET /api/calendar/events/{eventId}/calendar.ics - one event as iCalendar, for "add to my calendar"
export const GET = calendarRoute(async (_request, params, database) => {
  const { eventId } = eventIdParamsSchema.parse(params);
  const { event } = await getEventOrThrow(database, eventId);
  // One date, an occurrence of a series too (docs/decisions/0026): what the page's Google and Outlook links add.
  return { body: buildIcsEvent(event, { name: churchName(), baseUrl: env().BASE_URL }), contentType: ICS_CONTENT_TYPE };
});

// OPTIONS /api/calendar/events/{eventId}/calendar.ics - CORS preflight for embedding sites
export const OPTIONS = calendarPreflight;

// POST, PUT, PATCH, DELETE /api/calendar/events/[eventId]/calendar.ics - 405 CalendarError
export const { POST, PUT, PATCH, DELETE } = calendarMethodNotAllowed();
