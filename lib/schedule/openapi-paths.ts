import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { calendarError, identityError, invalidTokenResponse, jsonResponse } from "../openapi/responses.ts";
import { IssuedScheduleFeedSchema, ScheduleFeedStatusSchema, ScheduleSchema } from "./schemas.ts";

/** "My schedule" in the OpenAPI document (docs/decisions/0025): the member's API and the private feed. */

const SCOPE = "Needs the `account:calendar` scope";
const RULE =
  "The household is the member and the people they may sign up (their household's children and their dependants). It matches " +
  "`families` when there is a child or dependant, `children` when one of them is under 11 and `youth` when one is 11 to 17 (today, by birth date); no other audience.";

export const schedulePaths: ZodOpenApiPathsObject = {
  "/api/v1/users/me/schedule": {
    get: {
      tags: ["registrations"],
      operationId: "getMySchedule",
      summary: "The member's schedule",
      description: `${SCOPE} and permission \`profile:read\`. Events not yet ended that someone of the household holds a place at or waits for (with the place in line), soonest first; and the public and members' events of the next 14 days whose audience the household matches that nobody of it signed up for. ${RULE}`,
      security: [{ bearer: [] }],
      responses: { "200": jsonResponse("The schedule.", ScheduleSchema), "401": invalidTokenResponse, "403": identityError("`forbidden`: `missing scope account:calendar` or `missing permission profile:read`.") },
    },
  },
  "/api/v1/users/me/schedule-feed": {
    get: {
      tags: ["registrations"],
      operationId: "getMyScheduleFeed",
      summary: "The member's private calendar feed",
      description: `${SCOPE} and permission \`profile:read\`. The live feed (its id, when it was made and last fetched), or \`feed: null\`. Never its address.`,
      security: [{ bearer: [] }],
      responses: { "200": jsonResponse("The live feed, or null.", ScheduleFeedStatusSchema), "401": invalidTokenResponse, "403": identityError("`forbidden`: `missing permission profile:read`.") },
    },
    post: {
      tags: ["registrations"],
      operationId: "issueMyScheduleFeed",
      summary: "Make (or replace) the member's private calendar feed",
      description: `${SCOPE} and permission \`profile:write\`. A new address of the schedule as iCalendar, \`{calendar_url}/mine/{token}.ics\`, for calendar apps to subscribe to without signing in: the token (256 random bits) is the credential, so only its hash is kept and the address is answered this once (also as \`webcal://\`). A live feed is revoked in the same transaction.`,
      security: [{ bearer: [] }],
      responses: { "201": jsonResponse("The new feed and its address.", IssuedScheduleFeedSchema), "401": invalidTokenResponse, "403": identityError("`forbidden`: `missing permission profile:write`.") },
    },
    delete: {
      tags: ["registrations"],
      operationId: "revokeMyScheduleFeed",
      summary: "Revoke the member's private calendar feed",
      description: `${SCOPE} and permission \`profile:write\`. Its address answers 404 at once.`,
      security: [{ bearer: [] }],
      responses: { "200": jsonResponse("Revoked: no live feed.", ScheduleFeedStatusSchema), "401": invalidTokenResponse, "403": identityError("`forbidden`: `missing permission profile:write`."), "404": identityError("`not_found`: `schedule feed not found`.") },
    },
  },
  "/api/calendar/mine/{token}.ics": {
    get: {
      tags: ["events"],
      operationId: "subscribeMySchedule",
      summary: "A member's schedule as a private iCalendar subscription",
      description:
        "No sign-in: the address made by `POST /api/v1/users/me/schedule-feed` is the credential. The same events as `GET /api/v1/users/me/schedule`, each once; an event someone of the household signed up for names them in its title. " +
        "`Cache-Control: private, no-store`, no CORS. An unknown or revoked token answers 404 `not found`, never saying whose it was.",
      requestParams: { path: z.object({ token: z.string().meta({ description: "The feed's token (43 base64url characters)." }) }) },
      responses: {
        "200": { description: "An iCalendar document.", content: { "text/calendar": { schema: { type: "string" } } } },
        "404": calendarError("`not found`: no live feed has this token."),
      },
    },
  },
};
