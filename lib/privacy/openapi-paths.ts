import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { identityError, invalidTokenResponse } from "../openapi/responses.ts";
import { DataExportSchema, DataRequestListSchema, DataRequestSchema, createDataRequestBodySchema } from "./schemas.ts";

/** The OpenAPI entries of the member's data requests (exports and deletion), spread into the document's paths by lib/openapi/document.ts. */

export const privacyPaths = {
  "/api/v1/privacy/data-requests/me": {
    get: {
      tags: ["privacy"],
      operationId: "listMyDataRequests",
      summary: "The member's exports and deletion requests, newest first",
      description: "Needs permission `profile:read`. At most the newest 100.",
      security: [{ bearer: [] }],
      responses: {
        "200": { description: "The member's data requests.", content: { "application/json": { schema: DataRequestListSchema } } },
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:read`."),
      },
    },
    post: {
      tags: ["privacy"],
      operationId: "createDataRequest",
      summary: "Ask for an export of the member's data, or for their account to be deleted",
      description:
        "Needs permission `profile:write`. `export`: built at once from every record kept about the member and answered " +
        "`fulfilled`; download it from `/api/v1/privacy/data-requests/me/{id}/download`. At most 5 exports an hour. " +
        "`deletion`: `pending` until `due_at` (the grace period, 14 days unless the deployment sets PRIVACY_DELETION_GRACE_DAYS); " +
        "the member may cancel it until it is carried out. Then the account and everything tied to it is erased and every " +
        "token, session, grant and consent of the member stops working. One pending deletion at a time.",
      security: [{ bearer: [] }],
      requestBody: { content: { "application/json": { schema: createDataRequestBodySchema } } },
      responses: {
        "201": { description: "The new request: an export `fulfilled`, a deletion `pending` with `due_at`.", content: { "application/json": { schema: DataRequestSchema } } },
        "400": identityError("`invalid_request`: malformed JSON, a `type` other than `export` or `deletion`, or an unknown field."),
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:write`."),
        "409": identityError("`conflict`: `a deletion of this account is already pending`."),
        "429": {
          ...identityError("`too_many_requests`: more than 5 exports within an hour."),
          headers: { "Retry-After": { description: "Seconds until another export may be asked for.", schema: { type: "string" as const } } },
        },
      },
    },
  },
  "/api/v1/privacy/data-requests/me/{id}/cancel": {
    post: {
      tags: ["privacy"],
      operationId: "cancelDeletionRequest",
      summary: "Call off a pending account deletion",
      description:
        "Needs permission `profile:write`. No body. Answers the request with `status: cancelled` and `cancelled_at`; " +
        "cancelling it again answers the same. Possible until the deletion is carried out.",
      security: [{ bearer: [] }],
      requestParams: { path: z.object({ id: z.string().meta({ description: "The data request id (UUID)." }) }) },
      responses: {
        "200": { description: "The cancelled deletion request.", content: { "application/json": { schema: DataRequestSchema } } },
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:write`."),
        "404": identityError("`not_found`: no such request of this member (someone else's is not found either)."),
        "409": identityError("`conflict`: `only a pending deletion can be cancelled` (an export, or a deletion already carried out)."),
      },
    },
  },
  "/api/v1/privacy/data-requests/me/{id}/download": {
    get: {
      tags: ["privacy"],
      operationId: "downloadDataExport",
      summary: "Download an export as a JSON file",
      description:
        "Needs permission `profile:read`. The document as it was built when the export was asked for, with " +
        "`Content-Disposition: attachment`. Holds the profile, two-step sign-in state (never its secret), sessions, app " +
        "authorizations, consents, the security log, guardianships (without the other person), codes sent (never the code), " +
        "messages sent (never their text) and the member's data requests. Each download is written to the security log.",
      security: [{ bearer: [] }],
      requestParams: { path: z.object({ id: z.string().meta({ description: "The export's data request id (UUID)." }) }) },
      responses: {
        "200": {
          description: "The export document.",
          headers: { "Content-Disposition": { description: 'attachment; filename="account-data-YYYY-MM-DD.json"', schema: { type: "string" as const } } },
          content: { "application/json": { schema: DataExportSchema } },
        },
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:read`."),
        "404": identityError("`not_found`: `export not found`: no such export of this member (a deletion request has no download)."),
      },
    },
  },
} satisfies ZodOpenApiPathsObject;
