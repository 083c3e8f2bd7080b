import type { ZodOpenApiPathsObject } from "zod-openapi";
import { identityError, invalidTokenResponse } from "../openapi/responses.ts";
import { SecurityEventPageSchema, securityEventsQuerySchema } from "./schemas.ts";

/** The OpenAPI entry of the member's security log, spread into the document's paths by lib/openapi/document.ts. */

export const securityEventPaths = {
  "/api/v1/users/me/security-events": {
    get: {
      tags: ["security"],
      operationId: "listMySecurityEvents",
      summary: "The member's security log, newest first",
      description:
        "Needs permission `profile:read`. Sign-ins and failed sign-ins, consents granted and revoked, sessions signed out, " +
        "password changes and more, with IP, device and browser. `next_cursor` is opaque and only valid for the same member.",
      security: [{ bearer: [] }],
      requestParams: { query: securityEventsQuerySchema },
      responses: {
        "200": { description: "One page of events.", content: { "application/json": { schema: SecurityEventPageSchema } } },
        "400": identityError("`invalid_request`: `limit` outside 1 to 100, an invalid or foreign `cursor`, or an unknown parameter."),
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:read`."),
      },
    },
  },
} satisfies ZodOpenApiPathsObject;
