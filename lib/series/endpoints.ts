import { defineEndpoint } from "../openapi/endpoint.ts";
import { BODY_400, LIST_400 } from "../openapi/staff-operations.ts";
import { AdminSeriesPageSchema, AdminSeriesSchema, adminSeriesListQuerySchema, createSeriesBodySchema, updateSeriesBodySchema } from "./schemas.ts";

/** Recurring series, as staff manage them (docs/decisions/0026). */

const TAGS = ["admin"] as const;
const READ = { kind: "staff", permission: "events:read" } as const;
const WRITE = { kind: "staff", permission: "events:write" } as const;
const SERIES_ID = { id: "The series id (`ser_…`)." };
const NOT_FOUND = "`not_found`: `series not found`.";

export const adminListSeries = defineEndpoint({
  method: "GET",
  path: "/api/v1/admin/series",
  operationId: "adminListSeries",
  summary: "Series, with their rules in words and their next dates",
  description:
    "Sort by `title` (default) or `createdAt`. Each has its rule in plain language, how many dates it has and how many are still drafts, and its first date not yet ended (open it to edit or publish the series).",
  tags: TAGS,
  access: READ,
  query: adminSeriesListQuerySchema,
  success: { status: 200, description: "One page of series.", schema: AdminSeriesPageSchema },
  refusals: { "400": LIST_400 },
});

export const adminCreateSeries = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/series",
  operationId: "adminCreateSeries",
  summary: "Create a recurring series and its occurrences",
  description:
    "Weekly on one or more weekdays every n weeks, or monthly on the nth (1-4) or last weekday every n months; until a date or for a count, at most 200 dates " +
    "(a rule that would give more is refused, never cut short). The first occurrence is the first date the rule gives on or after `startDate`. Each occurrence is an " +
    "ordinary event (its own id and page, a DRAFT until published) in the series' zone at its local times, DST-correct. The iCalendar feeds publish the series as one RRULE.",
  tags: TAGS,
  access: WRITE,
  body: createSeriesBodySchema,
  success: { status: 201, description: "The series and its occurrences.", schema: AdminSeriesSchema },
  refusals: { "400": BODY_400(", `repeat.until: give either until (a date) or count (a number of occurrences), not both`, `repeat: a series may have at most 200 dates; …`") },
});

export const adminGetSeries = defineEndpoint({
  method: "GET",
  path: "/api/v1/admin/series/{id}",
  operationId: "adminGetSeries",
  summary: "A series",
  description: "Its rule, the rule in words, and every occurrence with its rule date and whether it was edited on its own.",
  tags: TAGS,
  access: READ,
  params: SERIES_ID,
  success: { status: 200, description: "The series.", schema: AdminSeriesSchema },
  refusals: { "404": NOT_FOUND },
});

export const adminUpdateSeries = defineEndpoint({
  method: "PATCH",
  path: "/api/v1/admin/series/{id}",
  operationId: "adminUpdateSeries",
  summary: "Edit all occurrences to come",
  description:
    "The fields sent change on every occurrence not yet started that was not edited on its own (editing one occurrence through `PATCH /api/v1/admin/events/{id}` marks it so). " +
    "A new rule, start date, time or zone moves them; occurrences still on the rule keep their ids; a date the rule no longer gives is deleted while it is a draft and " +
    "otherwise CANCELLED; new dates get new occurrences. Started and past occurrences are never changed.",
  tags: TAGS,
  access: WRITE,
  params: SERIES_ID,
  body: updateSeriesBodySchema,
  success: { status: 200, description: "The series as it is now.", schema: AdminSeriesSchema },
  refusals: { "400": BODY_400(", or an empty body"), "404": NOT_FOUND, "409": "`conflict`: `this series has no rule; change its events one by one`." },
});

export const adminPublishSeries = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/series/{id}/publish",
  operationId: "adminPublishSeries",
  summary: "Publish a series",
  description: "Every DRAFT occurrence becomes SCHEDULED; others are left as they are. Publishing again changes nothing.",
  tags: TAGS,
  access: WRITE,
  params: SERIES_ID,
  success: { status: 200, description: "The series.", schema: AdminSeriesSchema },
  refusals: { "404": NOT_FOUND },
});

/** In the order the OpenAPI document lists them. */
export const seriesEndpoints = [adminListSeries, adminCreateSeries, adminGetSeries, adminUpdateSeries, adminPublishSeries];
