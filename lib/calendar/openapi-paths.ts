import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { calendarError } from "../openapi/responses.ts";
import { ICS_FEED_MAX_EVENTS, eventDetailSchema, eventIdParamsSchema, upcomingEventsQuerySchema, upcomingFeedSchema } from "./schemas.ts";

/**
 * The OpenAPI entries of the public calendar, spread into the document's paths by lib/openapi/document.ts.
 * Events, ministries and campuses as staff manage them are defined once in ./endpoints.ts.
 */

const cachedJson = (description: string, schema: z.ZodType) => ({
  description,
  headers: {
    ETag: { description: "Entity tag of the body; send it back in If-None-Match to get 304.", schema: { type: "string" as const } },
    "Cache-Control": { description: "Public, CDN-cacheable for a short time.", schema: { type: "string" as const } },
  },
  content: { "application/json": { schema } },
});

const notModified = { description: "Not modified: the If-None-Match tag still matches." };
const calendarSubscriptionQuery = upcomingEventsQuerySchema.pick({ type: true, ministryId: true, campusId: true, audience: true });

/** The public calendar: no authentication, CalendarError bodies. */
export const calendarPaths = {
  "/api/calendar/events/upcoming": {
    get: {
      tags: ["events"],
      operationId: "listUpcomingEvents",
      summary: "Upcoming public events, filtered and cursor-paged",
      description:
        "Public events that are not drafts and end now or later, ordered by start instant (UTC) then eventId. " +
        "Filters combine with AND; `audience` matches events whose audience contains the value; unknown ministry, " +
        "campus or audience values give an empty page. `nextCursor` is opaque, tamper-evident and bound to the filters " +
        "it was issued for: send it back with the same filters.",
      requestParams: { query: upcomingEventsQuerySchema },
      responses: {
        "200": cachedJson("One page of events.", upcomingFeedSchema),
        "304": notModified,
        "400": calendarError(
          "`limit must be between 1 and 100`, `type must be one of …` or `cursor is invalid` (malformed, tampered or bound to other filters).",
        ),
      },
    },
  },
  "/api/calendar/events/upcoming.ics": {
    get: {
      tags: ["events"],
      operationId: "subscribeUpcomingEvents",
      summary: "Upcoming public events as an iCalendar (RFC 5545) subscription",
      description: `Same filters as the JSON feed, every upcoming event (at most ${ICS_FEED_MAX_EVENTS.toLocaleString("en")}) in one calendar that Google and Apple calendars can subscribe to.`,
      requestParams: { query: calendarSubscriptionQuery },
      responses: {
        "200": { description: "An iCalendar document.", content: { "text/calendar": { schema: { type: "string" } } } },
        "304": notModified,
        "400": calendarError("An invalid filter value."),
      },
    },
  },
  "/api/calendar/events/{eventId}": {
    get: {
      tags: ["events"],
      operationId: "getEvent",
      summary: "One public event by id or slug",
      requestParams: { path: eventIdParamsSchema },
      responses: {
        "200": cachedJson("The event with its ministry and campus when linked.", eventDetailSchema),
        "304": notModified,
        "400": calendarError("`eventId missing`."),
        "404": calendarError("`event not found`: no such event, or it is a draft or not public."),
      },
    },
  },
  "/api/calendar/events/{eventId}/calendar.ics": {
    get: {
      tags: ["events"],
      operationId: "getEventIcs",
      summary: "One public event as iCalendar, for “add to my calendar”",
      requestParams: { path: eventIdParamsSchema },
      responses: {
        "200": { description: "An iCalendar document with one event.", content: { "text/calendar": { schema: { type: "string" } } } },
        "304": notModified,
        "404": calendarError("`event not found`."),
      },
    },
  },
} satisfies ZodOpenApiPathsObject;
