import { CalendarError } from "@/lib/calendar/errors";
import { ICS_CONTENT_TYPE } from "@/lib/calendar/ics";
import { churchName } from "@/lib/church";
import { env } from "@/lib/env";
import { privateCalendarRoute } from "@/lib/http/calendar";
import { calendarMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { getMySchedule } from "@/lib/schedule/get-my-schedule";
import { resolveScheduleFeed } from "@/lib/schedule/schedule-feed";
import { buildScheduleIcs, scheduleEvents } from "@/lib/schedule/schedule-ics";
import { loadIcsSeries } from "@/lib/series/ics-series";

export const dynamic = "force-dynamic";

// GET /api/calendar/mine/{token}.ics - a member's schedule as a private iCalendar feed for calendar apps; the token is the credential; unknown or revoked: 404
export const GET = privateCalendarRoute(async (_request, params, database) => {
  const file = typeof params.file === "string" ? params.file : "";
  const userId = file.endsWith(".ics") ? await resolveScheduleFeed(database, file.slice(0, -".ics".length)) : null;
  if (!userId) throw new CalendarError(404, "not found");
  const schedule = await getMySchedule(database, userId);
  const series = await loadIcsSeries(database, scheduleEvents(schedule));
  return { body: buildScheduleIcs(schedule, { name: `My schedule · ${churchName()}`, baseUrl: env().BASE_URL, series }), contentType: ICS_CONTENT_TYPE };
});

// POST, PUT, PATCH, DELETE /api/calendar/mine/{token}.ics - 405 CalendarError
export const { POST, PUT, PATCH, DELETE } = calendarMethodNotAllowed();
