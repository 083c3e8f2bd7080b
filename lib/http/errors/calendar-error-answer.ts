import type { CalendarErrorBody } from "../../calendar/schemas.ts";
import { JSON_CONTENT_TYPE, type PlainResponse } from "../plain-response.ts";

/** Embedding sites read the calendar from any origin, its errors included. */
export const CALENDAR_CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
  "Access-Control-Allow-Headers": "If-None-Match",
  "Access-Control-Expose-Headers": "ETag",
} as const;

/**
 * The one renderer of the calendar surface's errors: `{ error: true, message, statusCode, details? }`
 * (interface.md), with CORS so an embedding page can read it. `no-store` unless the caller says otherwise
 * (a 404 may be cached briefly). The wrapper (lib/http/calendar.ts), the 405s and the requests refused
 * before routing all answer through it.
 */
export function calendarErrorAnswer(
  statusCode: number,
  message: string,
  options: { details?: string[]; headers?: Record<string, string> } = {},
): PlainResponse {
  const body: CalendarErrorBody = { error: true, message, statusCode, ...(options.details && options.details.length > 0 && { details: options.details }) };
  return {
    status: statusCode,
    headers: { ...CALENDAR_CORS_HEADERS, "Content-Type": JSON_CONTENT_TYPE, "Cache-Control": "no-store", ...options.headers },
    body: JSON.stringify(body),
  };
}
