import { defineEndpoint } from "../openapi/endpoint.ts";
import { AREA_SCOPES } from "../oauth/scopes.ts";
import { SecurityEventPageSchema, securityEventsQuerySchema } from "./schemas.ts";

/** The member's security log: what happened to their account and from where. */

export const listMySecurityEvents = defineEndpoint({
  method: "GET",
  path: "/api/v1/users/me/security-events",
  operationId: "listMySecurityEvents",
  summary: "The member's security log, newest first",
  description:
    "Needs permission `profile:read`. Sign-ins and failed sign-ins, consents granted and revoked, sessions signed out, " +
    "password changes and more, with IP, device and browser. `next_cursor` is opaque and only valid for the same member.",
  tags: ["security"],
  access: { kind: "member", scope: AREA_SCOPES.sessions, permission: "profile:read" },
  query: securityEventsQuerySchema,
  success: { status: 200, description: "One page of events.", schema: SecurityEventPageSchema },
  refusals: { "400": "`invalid_request`: `limit` outside 1 to 100, an invalid or foreign `cursor`, or an unknown parameter." },
});

export const securityLogEndpoints = [listMySecurityEvents];
