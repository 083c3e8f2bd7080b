import { CALENDAR_MESSAGES } from "@/lib/calendar/schemas";
import { calendarErrorResponse, calendarPreflight } from "@/lib/http/calendar";
import { calendarMethodNotAllowed } from "@/lib/http/method-not-allowed";

// GET /api/calendar/events - the detail route without its eventId: answered 400 as the contract says
export function GET(): Response {
  return calendarErrorResponse(400, CALENDAR_MESSAGES.eventIdMissing);
}

// OPTIONS /api/calendar/events - CORS preflight for embedding sites
export const OPTIONS = calendarPreflight;

// POST, PUT, PATCH, DELETE /api/calendar/events - 405 CalendarError
export const { POST, PUT, PATCH, DELETE } = calendarMethodNotAllowed();
