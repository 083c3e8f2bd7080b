import { CALENDAR_MESSAGES } from "./schemas.ts";

/** An error the calendar service answers with a CalendarError body; its message is safe to show. */
export class CalendarError extends Error {
  override name = "CalendarError";
  constructor(
    readonly statusCode: 400 | 404,
    message: string,
    readonly details?: string[],
  ) {
    super(message);
  }
}

export const eventNotFound = () => new CalendarError(404, CALENDAR_MESSAGES.notFound);
export const invalidCursor = () => new CalendarError(400, CALENDAR_MESSAGES.cursor);
