import { z } from "zod";
import { defineCalendarEndpoint } from "../openapi/calendar-endpoint.ts";

/**
 * "My schedule"'s private feed (docs/decisions/0025): a calendar route whose address is the credential. The
 * member's API that makes and revokes it is defined in ./endpoints.ts.
 */
export const subscribeMySchedule = defineCalendarEndpoint({
  method: "GET",
  path: "/api/calendar/mine/{token}.ics",
  operationId: "subscribeMySchedule",
  summary: "A member's schedule as a private iCalendar subscription",
  description:
    "No sign-in: the address made by `POST /api/v1/users/me/schedule-feed` is the credential. The same events as `GET /api/v1/users/me/schedule`, each once; an event someone of the household signed up for names them in its title. " +
    "`Cache-Control: private, no-store`, no CORS. An unknown or revoked token answers 404 `not found`, never saying whose it was.",
  tags: ["events"],
  audience: "private",
  params: z.object({ token: z.string().meta({ description: "The feed's token (43 base64url characters)." }) }),
  success: { description: "An iCalendar document.", file: "text/calendar" },
  refusals: { "404": "`not found`: no live feed has this token." },
});
