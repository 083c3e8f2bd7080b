import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { calendarError, identityError, jsonResponse } from "../openapi/responses.ts";
import { BODY_400, LIST_400, idPath, staffOperation } from "../openapi/staff-operations.ts";
import { ICS_FEED_MAX_EVENTS, eventDetailSchema, eventIdParamsSchema, upcomingEventsQuerySchema, upcomingFeedSchema } from "./schemas.ts";
import {
  AdminCampusPageSchema,
  AdminCampusSchema,
  AdminEventPageSchema,
  AdminEventSchema,
  AdminMinistryPageSchema,
  AdminMinistrySchema,
  adminCampusesQuerySchema,
  adminEventsQuerySchema,
  adminMinistriesQuerySchema,
  createCampusBodySchema,
  updateCampusBodySchema,
  updateMinistryBodySchema,
  createEventBodySchema,
  createMinistryBodySchema,
  updateEventBodySchema,
} from "./staff-schemas.ts";

/**
 * The OpenAPI entries of the public calendar, and of events, ministries and campuses as staff manage them
 * (docs/decisions/0017), spread into the document's paths by lib/openapi/document.ts.
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

const eventPath = idPath("The event id (evt_…). GET also takes the slug.");
const STATUS_CHANGE = (to: string, from: string) =>
  `No body. Answers the event with status ${to}; the feed, its caches and the event page show it on the next request. ` +
  `Already ${to}: the same 200. From any other status than ${from}: \`conflict\` (\`a DRAFT event cannot be cancelled\`).`;

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

/** /api/v1/admin/events, ministries and campuses (docs/decisions/0017). */
export const staffEventPaths = {
  "/api/v1/admin/events": {
    get: staffOperation(
      "events:read",
      "adminListEvents",
      "Every event, drafts and non-public ones too",
      "`q` matches the title or slug; `status` and `from` (YYYY-MM-DD: events ending on or after it) filter; sort by `startAt` (default), `title`, `updatedAt`, `createdAt`.",
      { "200": jsonResponse("One page of events.", AdminEventPageSchema), "400": LIST_400 },
      { query: adminEventsQuerySchema },
    ),
    post: staffOperation(
      "events:write",
      "adminCreateEvent",
      "Create an event (a DRAFT until published)",
      "Local dates and times in `timezone` (IANA) are the truth; the instants are computed DST-correctly. The slug is made from the title and start date " +
        "when left out. Linked ministry, campus and series must exist. An event lasts at most 62 days and cannot end before it starts.",
      {
        "201": jsonResponse("The new draft.", AdminEventSchema),
        "400": BODY_400(", `endDate: an event cannot end before it starts`, `campusId: no such campus`"),
        "409": identityError("`conflict`: `slug: another event already uses this address`."),
      },
      { body: createEventBodySchema },
    ),
  },
  "/api/v1/admin/events/{id}": {
    get: staffOperation("events:read", "adminGetEvent", "One event by id or slug", "", { "200": jsonResponse("The event.", AdminEventSchema), "404": identityError("`not_found`: `event not found`.") }, { path: eventPath }),
    patch: staffOperation(
      "events:write",
      "adminUpdateEvent",
      "Change some fields of an event",
      "Only the fields sent change; `null` clears an optional one. The status has its own routes. The calendar shows the change on the next request.",
      {
        "200": jsonResponse("The event as it is now.", AdminEventSchema),
        "400": BODY_400(", an empty body, or a schedule that ends before it starts"),
        "404": identityError("`not_found`: `event not found`."),
        "409": identityError("`conflict`: `slug: another event already uses this address`."),
      },
      { path: eventPath, body: updateEventBodySchema },
    ),
  },
  "/api/v1/admin/events/{id}/publish": {
    post: staffOperation(
      "events:write",
      "adminPublishEvent",
      "Put an event on the calendar (SCHEDULED)",
      STATUS_CHANGE("SCHEDULED", "DRAFT, POSTPONED or CANCELLED"),
      { "200": jsonResponse("The published event.", AdminEventSchema), "404": identityError("`not_found`: `event not found`."), "409": identityError("`conflict`: e.g. `a COMPLETED event cannot be published`.") },
      { path: eventPath },
    ),
  },
  "/api/v1/admin/events/{id}/cancel": {
    post: staffOperation(
      "events:write",
      "adminCancelEvent",
      "Cancel an event (it stays in the feed, CANCELLED)",
      STATUS_CHANGE("CANCELLED", "SCHEDULED, ACTIVE or POSTPONED"),
      { "200": jsonResponse("The cancelled event.", AdminEventSchema), "404": identityError("`not_found`: `event not found`."), "409": identityError("`conflict`: e.g. `a DRAFT event cannot be cancelled`.") },
      { path: eventPath },
    ),
  },
  "/api/v1/admin/events/{id}/postpone": {
    post: staffOperation(
      "events:write",
      "adminPostponeEvent",
      "Postpone an event (it stays in the feed, POSTPONED)",
      STATUS_CHANGE("POSTPONED", "SCHEDULED or ACTIVE") + " Give it new dates with PATCH and publish it again when they are known.",
      { "200": jsonResponse("The postponed event.", AdminEventSchema), "404": identityError("`not_found`: `event not found`."), "409": identityError("`conflict`: e.g. `a CANCELLED event cannot be postponed`.") },
      { path: eventPath },
    ),
  },
  "/api/v1/admin/ministries": {
    get: staffOperation("events:read", "adminListMinistries", "Ministries, with their event counts", "Sort by `name` (default) or `createdAt`.", { "200": jsonResponse("One page of ministries.", AdminMinistryPageSchema), "400": LIST_400 }, {
      query: adminMinistriesQuerySchema,
    }),
    post: staffOperation("events:write", "adminCreateMinistry", "Add a ministry", "Its id (`min_…`) is made for it.", { "201": jsonResponse("The new ministry.", AdminMinistrySchema), "400": BODY_400() }, {
      body: createMinistryBodySchema,
    }),
  },
  "/api/v1/admin/ministries/{id}": {
    patch: staffOperation("events:write", "adminUpdateMinistry", "Rename a ministry", "The calendar shows the new name at once.", { "200": jsonResponse("The ministry.", AdminMinistrySchema), "400": BODY_400(), "404": identityError("`not_found`: `ministry not found`.") }, {
      path: idPath("The ministry id (`min_…`)."),
      body: updateMinistryBodySchema,
    }),
  },
  "/api/v1/admin/campuses/{id}": {
    patch: staffOperation(
      "events:write",
      "adminUpdateCampus",
      "Rename a campus or change its time zone",
      "`timezone` is IANA; the campus's events keep their own time zones (it is the default for new ones). The calendar shows the new name at once.",
      { "200": jsonResponse("The campus.", AdminCampusSchema), "400": BODY_400(), "404": identityError("`not_found`: `campus not found`.") },
      { path: idPath("The campus id (`cmp_…`)."), body: updateCampusBodySchema },
    ),
  },
  "/api/v1/admin/campuses": {
    get: staffOperation("events:read", "adminListCampuses", "Campuses, with their time zones and event counts", "Sort by `name` (default) or `createdAt`.", { "200": jsonResponse("One page of campuses.", AdminCampusPageSchema), "400": LIST_400 }, {
      query: adminCampusesQuerySchema,
    }),
    post: staffOperation("events:write", "adminCreateCampus", "Add a campus", "Its id (`cmp_…`) is made for it; `timezone` is IANA.", { "201": jsonResponse("The new campus.", AdminCampusSchema), "400": BODY_400() }, {
      body: createCampusBodySchema,
    }),
  },
} satisfies ZodOpenApiPathsObject;
