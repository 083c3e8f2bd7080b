import { readChurch } from "@/lib/church-settings/church";
import { CalendarError } from "@/lib/calendar/errors";
import { ICS_CONTENT_TYPE } from "@/lib/calendar/ics";
import { env } from "@/lib/env";
import { handleCalendar, privateCalendarEndpointRoutes } from "@/lib/http/calendar-endpoint-route";
import { subscribeMySchedule } from "@/lib/schedule/feed-endpoint";
import { getMySchedule } from "@/lib/schedule/get-my-schedule";
import { resolveScheduleFeed } from "@/lib/schedule/schedule-feed";
import { buildScheduleIcs, scheduleEvents } from "@/lib/schedule/schedule-ics";
import { loadIcsSeries } from "@/lib/series/ics-series";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = privateCalendarEndpointRoutes(
  handleCalendar(subscribeMySchedule, async ({ params, database }) => {
    const userId = await resolveScheduleFeed(database, params.token);
    if (!userId) throw new CalendarError(404, "not found");
    const schedule = await getMySchedule(database, userId);
    const series = await loadIcsSeries(database, scheduleEvents(schedule));
    return { body: buildScheduleIcs(schedule, { name: `My schedule · ${(await readChurch(database)).name}`, baseUrl: env().BASE_URL, series }), contentType: ICS_CONTENT_TYPE };
  }),
);
