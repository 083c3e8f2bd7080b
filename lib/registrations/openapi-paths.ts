import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { identityError, invalidTokenResponse, jsonResponse } from "../openapi/responses.ts";
import { BODY_400, idPath, staffOperation } from "../openapi/staff-operations.ts";
import { AdminEventRegistrationsSchema, EventRegistrationViewSchema, RegistrationListSchema, RegistrationSchema, registerBodySchema, registrationSettingsBodySchema } from "./schemas.ts";

/** The sign-up routes in the OpenAPI document (docs/decisions/0024). */

const SCOPE = "Needs the `account:calendar` scope";
const WHO = "The member may sign up themselves, the children of a household they are an adult of, and their dependants.";
const EVENT_ID = z.object({ eventId: z.string().meta({ description: "The event id." }) });

export const registrationPaths: ZodOpenApiPathsObject = {
  "/api/v1/users/me/registrations": {
    get: {
      tags: ["registrations"],
      operationId: "listMyRegistrations",
      summary: "The member's and their household's sign-ups",
      description: `${SCOPE} and permission \`profile:read\`. Places and waitlist entries (with the place in line) for events that have not ended, soonest first.`,
      security: [{ bearer: [] }],
      responses: { "200": jsonResponse("The registrations.", RegistrationListSchema), "401": invalidTokenResponse, "403": identityError("`forbidden`: `missing scope account:calendar` or `missing permission profile:read`.") },
    },
  },
  "/api/v1/users/me/registrations/{id}": {
    delete: {
      tags: ["registrations"],
      operationId: "cancelRegistration",
      summary: "Cancel a sign-up",
      description: `${SCOPE} and permission \`profile:write\`. The person, whoever signed them up, or an adult or guardian of theirs may cancel. A freed place goes at once to the first on the waitlist, who is told by email. Cancelling again answers the cancelled registration.`,
      security: [{ bearer: [] }],
      requestParams: { path: idPath("The registration id.") },
      responses: { "200": jsonResponse("The registration, cancelled.", RegistrationSchema), "401": invalidTokenResponse, "403": identityError("`forbidden`: `missing permission profile:write`."), "404": identityError("`not_found`: `registration not found` (also someone else's).") },
    },
  },
  "/api/v1/users/me/events/{eventId}/registration": {
    get: {
      tags: ["registrations"],
      operationId: "getEventRegistration",
      summary: "An event's sign-up, for the member's household",
      description: `${SCOPE} and permission \`profile:read\`. Whether sign-up is open, places left and the waitlist, and each person the member may sign up with their registration. ${WHO}`,
      security: [{ bearer: [] }],
      requestParams: { path: EVENT_ID },
      responses: { "200": jsonResponse("The event's sign-up.", EventRegistrationViewSchema), "401": invalidTokenResponse, "403": identityError("`forbidden`: `missing permission profile:read`."), "404": identityError("`not_found`: `event not found` (also a draft or private one).") },
    },
    post: {
      tags: ["registrations"],
      operationId: "registerForEvent",
      summary: "Sign people up for an event",
      description: `${SCOPE} and permission \`profile:write\`. ${WHO} In the order given, each takes a place while places are left, then joins the waitlist if the event keeps one; without a waitlist a group that does not fit is refused whole. Capacity is never exceeded, even with many sign-ups at the same moment.`,
      security: [{ bearer: [] }],
      requestParams: { path: EVENT_ID },
      requestBody: { content: { "application/json": { schema: registerBodySchema } } },
      responses: {
        "201": jsonResponse("Signed up (or waitlisted).", RegistrationListSchema),
        "400": BODY_400(", or `person_ids: each must be you or a child of your household`"),
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:write`."),
        "404": identityError("`not_found`: `event not found`."),
        "409": identityError("`conflict`: sign-up is not open (yet) or has closed, the event takes no sign-up here, it is full, or someone is already signed up or waitlisted."),
      },
    },
  },
};

const EVENT_PATH = idPath("The event id.");

export const staffRegistrationPaths: ZodOpenApiPathsObject = {
  "/api/v1/admin/events/{id}/registration": {
    get: staffOperation("events:read", "adminGetEventRegistrations", "An event's sign-up", "Its settings, counts, places and waitlist in order.", { "200": jsonResponse("The sign-up.", AdminEventRegistrationsSchema), "404": identityError("`not_found`: `event not found`.") }, { path: EVENT_PATH }),
    put: staffOperation(
      "events:write",
      "adminSetEventRegistration",
      "Set an event's sign-up",
      "Open or close sign-up on this site, its window (`opens_at`, `closes_at`: by default at once and when the event starts) and the waitlist. Places that are free go to the waitlist at once. The event's `capacity` caps places.",
      { "200": jsonResponse("The sign-up.", AdminEventRegistrationsSchema), "400": BODY_400(", or `closes_at: must be after opens_at`"), "404": identityError("`not_found`: `event not found`.") },
      { path: EVENT_PATH, body: registrationSettingsBodySchema },
    ),
  },
};
