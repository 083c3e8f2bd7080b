import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { calendarError } from "../openapi/responses.ts";

/**
 * "My schedule"'s private feed in the OpenAPI document (docs/decisions/0025): a calendar route, so described
 * here; the member's API is defined once in ./endpoints.ts.
 */

export const schedulePaths: ZodOpenApiPathsObject = {
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
