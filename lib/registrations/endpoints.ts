import { defineEndpoint } from "../openapi/endpoint.ts";
import { BODY_400 } from "../openapi/staff-operations.ts";
import { AREA_SCOPES } from "../oauth/scopes.ts";
import { AdminEventRegistrationsSchema, EventRegistrationViewSchema, RegistrationListSchema, RegistrationSchema, registerBodySchema, registrationSettingsBodySchema } from "./schemas.ts";

/** Signing up for events (docs/decisions/0024): the member's and their household's, and staff's settings of an event. */

const TAGS = ["registrations"] as const;
const member = (permission: "profile:read" | "profile:write") => ({ kind: "member" as const, scope: AREA_SCOPES.calendar, permission });
const WHO = "The member may sign up themselves, the children of a household they are an adult of, and their dependants.";
const EVENT_ID = { eventId: "The event id." };

// ── The member's ──

export const listMyRegistrations = defineEndpoint({
  method: "GET",
  path: "/api/v1/users/me/registrations",
  operationId: "listMyRegistrations",
  summary: "The member's and their household's sign-ups",
  description: "Places and waitlist entries (with the place in line) for events that have not ended, soonest first.",
  tags: TAGS,
  access: member("profile:read"),
  success: { status: 200, description: "The registrations.", schema: RegistrationListSchema },
});

export const cancelRegistration = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/users/me/registrations/{id}",
  operationId: "cancelRegistration",
  summary: "Cancel a sign-up",
  description:
    "The person, whoever signed them up, or an adult or guardian of theirs may cancel. A freed place goes at once to the first on the waitlist, who is told by email. Cancelling again answers the cancelled registration.",
  tags: TAGS,
  access: member("profile:write"),
  params: { id: "The registration id." },
  success: { status: 200, description: "The registration, cancelled.", schema: RegistrationSchema },
  refusals: { "404": "`not_found`: `registration not found` (also someone else's)." },
});

export const getEventRegistration = defineEndpoint({
  method: "GET",
  path: "/api/v1/users/me/events/{eventId}/registration",
  operationId: "getEventRegistration",
  summary: "An event's sign-up, for the member's household",
  description: `Whether sign-up is open, places left and the waitlist, and each person the member may sign up with their registration. ${WHO}`,
  tags: TAGS,
  access: member("profile:read"),
  params: EVENT_ID,
  success: { status: 200, description: "The event's sign-up.", schema: EventRegistrationViewSchema },
  refusals: { "404": "`not_found`: `event not found` (also a draft or private one)." },
});

export const registerForEvent = defineEndpoint({
  method: "POST",
  path: "/api/v1/users/me/events/{eventId}/registration",
  operationId: "registerForEvent",
  summary: "Sign people up for an event",
  description: `${WHO} In the order given, each takes a place while places are left, then joins the waitlist if the event keeps one; without a waitlist a group that does not fit is refused whole. Capacity is never exceeded, even with many sign-ups at the same moment.`,
  tags: TAGS,
  access: member("profile:write"),
  params: EVENT_ID,
  body: registerBodySchema,
  success: { status: 201, description: "Signed up (or waitlisted).", schema: RegistrationListSchema },
  refusals: {
    "400": BODY_400(", or `person_ids: each must be you or a child of your household`"),
    "404": "`not_found`: `event not found`.",
    "409": "`conflict`: sign-up is not open (yet) or has closed, the event takes no sign-up here, it is full, or someone is already signed up or waitlisted.",
  },
});

// ── Staff ──

const EVENT_PATH = { id: "The event id." };

export const adminGetEventRegistrations = defineEndpoint({
  method: "GET",
  path: "/api/v1/admin/events/{id}/registration",
  operationId: "adminGetEventRegistrations",
  summary: "An event's sign-up",
  description: "Its settings, counts, places and waitlist in order.",
  tags: ["admin"],
  access: { kind: "staff", permission: "events:read" },
  params: EVENT_PATH,
  success: { status: 200, description: "The sign-up.", schema: AdminEventRegistrationsSchema },
  refusals: { "404": "`not_found`: `event not found`." },
});

export const adminSetEventRegistration = defineEndpoint({
  method: "PUT",
  path: "/api/v1/admin/events/{id}/registration",
  operationId: "adminSetEventRegistration",
  summary: "Set an event's sign-up",
  description:
    "Open or close sign-up on this site, its window (`opens_at`, `closes_at`: by default at once and when the event starts) and the waitlist. Places that are free go to the waitlist at once. The event's `capacity` caps places.",
  tags: ["admin"],
  access: { kind: "staff", permission: "events:write" },
  params: EVENT_PATH,
  body: registrationSettingsBodySchema,
  success: { status: 200, description: "The sign-up.", schema: AdminEventRegistrationsSchema },
  refusals: { "400": BODY_400(", or `closes_at: must be after opens_at`"), "404": "`not_found`: `event not found`." },
});

/** In the order the OpenAPI document lists them. */
export const registrationEndpoints = [listMyRegistrations, cancelRegistration, getEventRegistration, registerForEvent, adminGetEventRegistrations, adminSetEventRegistration];
