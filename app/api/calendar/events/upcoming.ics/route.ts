import { readChurch } from "@/lib/church-settings/church";
import { buildIcsCalendar, ICS_CONTENT_TYPE } from "@/lib/calendar/ics";
import { listUpcomingEventsForSubscription } from "@/lib/calendar/list-upcoming-events";
import { subscribeUpcomingEvents } from "@/lib/calendar/public-endpoints";
import { env } from "@/lib/env";
import { calendarEndpointRoutes, handleCalendar } from "@/lib/http/calendar-endpoint-route";
import { loadIcsSeries } from "@/lib/series/ics-series";

export const { GET, OPTIONS, POST, PUT, PATCH, DELETE } = calendarEndpointRoutes(
  handleCalendar(subscribeUpcomingEvents, async ({ query, database }) => {
    const events = await listUpcomingEventsForSubscription(database, query);
    return { body: buildIcsCalendar(events, { name: `${(await readChurch(database)).name} events`, baseUrl: env().BASE_URL, series: await loadIcsSeries(database, events) }), contentType: ICS_CONTENT_TYPE };
  }),
);
