import { defineCalendarEndpoint } from "../openapi/calendar-endpoint.ts";
import { ICS_FEED_MAX_EVENTS, eventDetailSchema, eventIdParamsSchema, upcomingEventsQuerySchema, upcomingFeedSchema } from "./schemas.ts";

/**
 * The public calendar (docs/decisions/0017, 0029): no sign-in, embeddable, cached; every failure a
 * CalendarError. Events, ministries and campuses as staff manage them are ./endpoints.ts.
 */

const TAGS = ["events"] as const;

export const listUpcomingEvents = defineCalendarEndpoint({
  method: "GET",
  path: "/api/calendar/events/upcoming",
  operationId: "listUpcomingEvents",
  summary: "Upcoming public events, filtered and cursor-paged",
  description:
    "Public events that are not drafts and end now or later, ordered by start instant (UTC) then eventId. " +
    "Filters combine with AND; `audience` matches events whose audience contains the value; unknown ministry, " +
    "campus or audience values give an empty page. `nextCursor` is opaque, tamper-evident and bound to the filters " +
    "it was issued for: send it back with the same filters.",
  tags: TAGS,
  audience: "public",
  query: upcomingEventsQuerySchema,
  success: { description: "One page of events.", schema: upcomingFeedSchema },
  refusals: { "400": "`limit must be between 1 and 100`, `type must be one of …` or `cursor is invalid` (malformed, tampered or bound to other filters)." },
  fastPath: true,
});

export const subscribeUpcomingEvents = defineCalendarEndpoint({
  method: "GET",
  path: "/api/calendar/events/upcoming.ics",
  operationId: "subscribeUpcomingEvents",
  summary: "Upcoming public events as an iCalendar (RFC 5545) subscription",
  description: `Same filters as the JSON feed, every upcoming event (at most ${ICS_FEED_MAX_EVENTS.toLocaleString("en")}) in one calendar that Google and Apple calendars can subscribe to.`,
  tags: TAGS,
  audience: "public",
  query: upcomingEventsQuerySchema.pick({ type: true, ministryId: true, campusId: true, audience: true }),
  success: { description: "An iCalendar document.", file: "text/calendar" },
  refusals: { "400": "An invalid filter value." },
  fastPath: true,
});

export const getEvent = defineCalendarEndpoint({
  method: "GET",
  path: "/api/calendar/events/{eventId}",
  operationId: "getEvent",
  summary: "One public event by id or slug",
  tags: TAGS,
  audience: "public",
  params: eventIdParamsSchema,
  success: { description: "The event with its ministry and campus when linked.", schema: eventDetailSchema },
  refusals: { "400": "`eventId missing`.", "404": "`event not found`: no such event, or it is a draft or not public." },
  fastPath: true,
});

export const getEventIcs = defineCalendarEndpoint({
  method: "GET",
  path: "/api/calendar/events/{eventId}/calendar.ics",
  operationId: "getEventIcs",
  summary: "One public event as iCalendar, for “add to my calendar”",
  tags: TAGS,
  audience: "public",
  params: eventIdParamsSchema,
  success: { description: "An iCalendar document with one event.", file: "text/calendar" },
  refusals: { "404": "`event not found`." },
  fastPath: true,
});

export const publicCalendarEndpoints = [listUpcomingEvents, subscribeUpcomingEvents, getEvent, getEventIcs];
