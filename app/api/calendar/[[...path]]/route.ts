import { calendarErrorResponse, calendarPreflight } from "@/lib/http/calendar";

export const dynamic = "force-dynamic";

const unknownRoute = async () => calendarErrorResponse(404, "not found");

// /api/calendar itself and any other path under it - a CalendarError 404, not Next's HTML page (found by the hostile-input proof)
export const GET = unknownRoute;
export const POST = unknownRoute;
export const PUT = unknownRoute;
export const PATCH = unknownRoute;
export const DELETE = unknownRoute;

// OPTIONS /api/calendar/* - CORS preflight, as every calendar route
export const OPTIONS = calendarPreflight;
