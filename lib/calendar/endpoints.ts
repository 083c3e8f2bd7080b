import { defineEndpoint } from "../openapi/endpoint.ts";
import { BODY_400, LIST_400 } from "../openapi/staff-operations.ts";
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
  createEventBodySchema,
  createMinistryBodySchema,
  updateCampusBodySchema,
  updateEventBodySchema,
  updateMinistryBodySchema,
} from "./staff-schemas.ts";

/** Events, ministries and campuses as staff manage them (docs/decisions/0017); the public calendar is ./public-endpoints.ts. */

const TAGS = ["admin"] as const;
const READ = { kind: "staff", permission: "events:read" } as const;
const WRITE = { kind: "staff", permission: "events:write" } as const;
const EVENT_ID = { id: "The event id (evt_…). GET also takes the slug." };
const EVENT_404 = "`not_found`: `event not found`.";
const SLUG_409 = "`conflict`: `slug: another event already uses this address`.";
const STATUS_CHANGE = (to: string, from: string) =>
  `No body. Answers the event with status ${to}; the feed, its caches and the event page show it on the next request. ` +
  `Already ${to}: the same 200. From any other status than ${from} (as read off the clock: an event that has ended is COMPLETED): \`conflict\` (\`a DRAFT event cannot be cancelled\`).`;

// ── Events ──

export const adminListEvents = defineEndpoint({
  method: "GET",
  path: "/api/v1/admin/events",
  operationId: "adminListEvents",
  summary: "Every event, drafts and non-public ones too",
  description: "`q` matches the title or slug; `status` (as the calendar shows it now: ACTIVE while running, COMPLETED once ended) and `from` (YYYY-MM-DD: events ending on or after it) filter; sort by `startAt` (default), `title`, `updatedAt`, `createdAt`.",
  tags: TAGS,
  access: READ,
  query: adminEventsQuerySchema,
  success: { status: 200, description: "One page of events.", schema: AdminEventPageSchema },
  refusals: { "400": LIST_400 },
});

export const adminCreateEvent = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/events",
  operationId: "adminCreateEvent",
  summary: "Create an event (a DRAFT until published)",
  description:
    "Local dates and times in `timezone` (IANA) are the truth; the instants are computed DST-correctly. The slug is made from the title and start date " +
    "when left out. Linked ministry, campus and series must exist. An event lasts at most 62 days and cannot end before it starts.",
  tags: TAGS,
  access: WRITE,
  body: createEventBodySchema,
  success: { status: 201, description: "The new draft.", schema: AdminEventSchema },
  refusals: { "400": BODY_400(", `endDate: an event cannot end before it starts`, `campusId: no such campus`"), "409": SLUG_409 },
});

export const adminGetEvent = defineEndpoint({
  method: "GET",
  path: "/api/v1/admin/events/{id}",
  operationId: "adminGetEvent",
  summary: "One event by id or slug",
  description: "",
  tags: TAGS,
  access: READ,
  params: EVENT_ID,
  success: { status: 200, description: "The event.", schema: AdminEventSchema },
  refusals: { "404": EVENT_404 },
});

export const adminUpdateEvent = defineEndpoint({
  method: "PATCH",
  path: "/api/v1/admin/events/{id}",
  operationId: "adminUpdateEvent",
  summary: "Change some fields of an event",
  description: "Only the fields sent change; `null` clears an optional one. The status has its own routes. The calendar shows the change on the next request.",
  tags: TAGS,
  access: WRITE,
  params: EVENT_ID,
  body: updateEventBodySchema,
  success: { status: 200, description: "The event as it is now.", schema: AdminEventSchema },
  refusals: { "400": BODY_400(", an empty body, or a schedule that ends before it starts"), "404": EVENT_404, "409": SLUG_409 },
});

export const adminPublishEvent = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/events/{id}/publish",
  operationId: "adminPublishEvent",
  summary: "Put an event on the calendar (SCHEDULED)",
  description: STATUS_CHANGE("SCHEDULED", "DRAFT, POSTPONED or CANCELLED"),
  tags: TAGS,
  access: WRITE,
  params: EVENT_ID,
  success: { status: 200, description: "The published event.", schema: AdminEventSchema },
  refusals: { "404": EVENT_404, "409": "`conflict`: e.g. `a COMPLETED event cannot be published`." },
});

export const adminCancelEvent = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/events/{id}/cancel",
  operationId: "adminCancelEvent",
  summary: "Cancel an event (it stays in the feed, CANCELLED)",
  description: STATUS_CHANGE("CANCELLED", "SCHEDULED, ACTIVE or POSTPONED"),
  tags: TAGS,
  access: WRITE,
  params: EVENT_ID,
  success: { status: 200, description: "The cancelled event.", schema: AdminEventSchema },
  refusals: { "404": EVENT_404, "409": "`conflict`: e.g. `a DRAFT event cannot be cancelled`." },
});

export const adminPostponeEvent = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/events/{id}/postpone",
  operationId: "adminPostponeEvent",
  summary: "Postpone an event (it stays in the feed, POSTPONED)",
  description: STATUS_CHANGE("POSTPONED", "SCHEDULED or ACTIVE") + " Give it new dates with PATCH and publish it again when they are known.",
  tags: TAGS,
  access: WRITE,
  params: EVENT_ID,
  success: { status: 200, description: "The postponed event.", schema: AdminEventSchema },
  refusals: { "404": EVENT_404, "409": "`conflict`: e.g. `a CANCELLED event cannot be postponed`." },
});

// ── Ministries and campuses ──

export const adminListMinistries = defineEndpoint({
  method: "GET",
  path: "/api/v1/admin/ministries",
  operationId: "adminListMinistries",
  summary: "Ministries, with their event counts",
  description: "Sort by `name` (default) or `createdAt`.",
  tags: TAGS,
  access: READ,
  query: adminMinistriesQuerySchema,
  success: { status: 200, description: "One page of ministries.", schema: AdminMinistryPageSchema },
  refusals: { "400": LIST_400 },
});

export const adminCreateMinistry = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/ministries",
  operationId: "adminCreateMinistry",
  summary: "Add a ministry",
  description: "Its id (`min_…`) is made for it.",
  tags: TAGS,
  access: WRITE,
  body: createMinistryBodySchema,
  success: { status: 201, description: "The new ministry.", schema: AdminMinistrySchema },
  refusals: { "400": BODY_400() },
});

export const adminUpdateMinistry = defineEndpoint({
  method: "PATCH",
  path: "/api/v1/admin/ministries/{id}",
  operationId: "adminUpdateMinistry",
  summary: "Rename a ministry",
  description: "The calendar shows the new name at once.",
  tags: TAGS,
  access: WRITE,
  params: { id: "The ministry id (`min_…`)." },
  body: updateMinistryBodySchema,
  success: { status: 200, description: "The ministry.", schema: AdminMinistrySchema },
  refusals: { "400": BODY_400(), "404": "`not_found`: `ministry not found`." },
});

export const adminListCampuses = defineEndpoint({
  method: "GET",
  path: "/api/v1/admin/campuses",
  operationId: "adminListCampuses",
  summary: "Campuses, with their time zones and event counts",
  description: "Sort by `name` (default) or `createdAt`.",
  tags: TAGS,
  access: READ,
  query: adminCampusesQuerySchema,
  success: { status: 200, description: "One page of campuses.", schema: AdminCampusPageSchema },
  refusals: { "400": LIST_400 },
});

export const adminCreateCampus = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/campuses",
  operationId: "adminCreateCampus",
  summary: "Add a campus",
  description: "Its id (`cmp_…`) is made for it; `timezone` is IANA.",
  tags: TAGS,
  access: WRITE,
  body: createCampusBodySchema,
  success: { status: 201, description: "The new campus.", schema: AdminCampusSchema },
  refusals: { "400": BODY_400() },
});

export const adminUpdateCampus = defineEndpoint({
  method: "PATCH",
  path: "/api/v1/admin/campuses/{id}",
  operationId: "adminUpdateCampus",
  summary: "Rename a campus or change its time zone",
  description: "`timezone` is IANA; the campus's events keep their own time zones (it is the default for new ones). The calendar shows the new name at once.",
  tags: TAGS,
  access: WRITE,
  params: { id: "The campus id (`cmp_…`)." },
  body: updateCampusBodySchema,
  success: { status: 200, description: "The campus.", schema: AdminCampusSchema },
  refusals: { "400": BODY_400(), "404": "`not_found`: `campus not found`." },
});

/** In the order the OpenAPI document lists them. */
export const staffCalendarEndpoints = [
  adminListEvents,
  adminCreateEvent,
  adminGetEvent,
  adminUpdateEvent,
  adminPublishEvent,
  adminCancelEvent,
  adminPostponeEvent,
  adminListMinistries,
  adminCreateMinistry,
  adminUpdateMinistry,
  adminListCampuses,
  adminCreateCampus,
  adminUpdateCampus,
];
