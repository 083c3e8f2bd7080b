import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { identityError, jsonResponse } from "../openapi/responses.ts";
import { BODY_400, LIST_400, staffOperation } from "../openapi/staff-operations.ts";
import { AdminSeriesPageSchema, AdminSeriesSchema, adminSeriesListQuerySchema, createSeriesBodySchema, updateSeriesBodySchema } from "./schemas.ts";

/** The recurring series routes in the OpenAPI document (docs/decisions/0026). */

const SERIES_PATH = z.object({ id: z.string().meta({ description: "The series id (`ser_…`)." }) });
const NOT_FOUND = identityError("`not_found`: `series not found`.");

export const staffSeriesPaths: ZodOpenApiPathsObject = {
  "/api/v1/admin/series": {
    get: staffOperation(
      "events:read",
      "adminListSeries",
      "Series, with their rules in words and their next dates",
      "Sort by `title` (default) or `createdAt`. Each has its rule in plain language, how many dates it has and how many are still drafts, and its first date not yet ended (open it to edit or publish the series).",
      { "200": jsonResponse("One page of series.", AdminSeriesPageSchema), "400": LIST_400 },
      { query: adminSeriesListQuerySchema },
    ),
    post: staffOperation(
      "events:write",
      "adminCreateSeries",
      "Create a recurring series and its occurrences",
      "Weekly on one or more weekdays every n weeks, or monthly on the nth (1-4) or last weekday every n months; until a date or for a count, at most 200 dates " +
        "(a rule that would give more is refused, never cut short). The first occurrence is the first date the rule gives on or after `startDate`. Each occurrence is an " +
        "ordinary event (its own id and page, a DRAFT until published) in the series' zone at its local times, DST-correct. The iCalendar feeds publish the series as one RRULE.",
      {
        "201": jsonResponse("The series and its occurrences.", AdminSeriesSchema),
        "400": BODY_400(", `repeat.until: give either until (a date) or count (a number of occurrences), not both`, `repeat: a series may have at most 200 dates; …`"),
      },
      { body: createSeriesBodySchema },
    ),
  },
  "/api/v1/admin/series/{id}": {
    get: staffOperation("events:read", "adminGetSeries", "A series", "Its rule, the rule in words, and every occurrence with its rule date and whether it was edited on its own.", { "200": jsonResponse("The series.", AdminSeriesSchema), "404": NOT_FOUND }, { path: SERIES_PATH }),
    patch: staffOperation(
      "events:write",
      "adminUpdateSeries",
      "Edit all occurrences to come",
      "The fields sent change on every occurrence not yet started that was not edited on its own (editing one occurrence through `PATCH /api/v1/admin/events/{id}` marks it so). " +
        "A new rule, start date, time or zone moves them; occurrences still on the rule keep their ids; a date the rule no longer gives is deleted while it is a draft and " +
        "otherwise CANCELLED; new dates get new occurrences. Started and past occurrences are never changed.",
      { "200": jsonResponse("The series as it is now.", AdminSeriesSchema), "400": BODY_400(", or an empty body"), "404": NOT_FOUND, "409": identityError("`conflict`: `this series has no rule; change its events one by one`.") },
      { path: SERIES_PATH, body: updateSeriesBodySchema },
    ),
  },
  "/api/v1/admin/series/{id}/publish": {
    post: staffOperation("events:write", "adminPublishSeries", "Publish a series", "Every DRAFT occurrence becomes SCHEDULED; others are left as they are. Publishing again changes nothing.", { "200": jsonResponse("The series.", AdminSeriesSchema), "404": NOT_FOUND }, { path: SERIES_PATH }),
  },
};
