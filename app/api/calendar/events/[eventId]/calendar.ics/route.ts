import { readChurch } from "@/lib/church-settings/church";
import { getEventOrThrow } from "@/lib/calendar/get-event-or-throw";
import { buildIcsEvent, ICS_CONTENT_TYPE } from "@/lib/calendar/ics";
import { getEventIcs } from "@/lib/calendar/public-endpoints";
import { env } from "@/lib/env";
import { calendarEndpointRoutes, handleCalendar } from "@/lib/http/calendar-endpoint-route";

export const { GET, OPTIONS, POST, PUT, PATCH, DELETE } = calendarEndpointRoutes(
  handleCalendar(getEventIcs, async ({ params, database }) => {
    const { event } = await getEventOrThrow(database, params.eventId);
    // One date, an occurrence of a series too (docs/decisions/0026): what the page's Google and Outlook links add.
    return { body: buildIcsEvent(event, { name: (await readChurch(database)).name, baseUrl: env().BASE_URL }), contentType: ICS_CONTENT_TYPE };
  }),
);
