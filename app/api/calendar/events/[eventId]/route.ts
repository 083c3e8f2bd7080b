import { getEventOrThrow } from "@/lib/calendar/get-event-or-throw";
import { eventDetailSchema, eventIdParamsSchema } from "@/lib/calendar/schemas";
import { calendarPreflight, calendarRoute, jsonResult } from "@/lib/http/calendar";
import { calendarMethodNotAllowed } from "@/lib/http/method-not-allowed";

// GET /api/calendar/events/{eventId} - one public event by id or slug, with its ministry and campus
export const GET = calendarRoute(async (_request, params, database) => {
  const { eventId } = eventIdParamsSchema.parse(params);
  return jsonResult(eventDetailSchema, await getEventOrThrow(database, eventId));
});

// OPTIONS /api/calendar/events/{eventId} - CORS preflight for embedding sites
export const OPTIONS = calendarPreflight;

// POST, PUT, PATCH, DELETE /api/calendar/events/[eventId] - 405 CalendarError
export const { POST, PUT, PATCH, DELETE } = calendarMethodNotAllowed();
