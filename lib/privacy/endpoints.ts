import { defineEndpoint } from "../openapi/endpoint.ts";
import { identityError } from "../openapi/responses.ts";
import { AREA_SCOPES } from "../oauth/scopes.ts";
import { DataExportSchema, DataRequestListSchema, DataRequestSchema, createDataRequestBodySchema } from "./schemas.ts";

/** The member's data requests (decisions.md part 3, docs/decisions/0011): exports, and deleting the account. */

const TAGS = ["privacy"] as const;
const member = (permission: "profile:read" | "profile:write") => ({ kind: "member" as const, scope: AREA_SCOPES.privacy, permission });

export const listMyDataRequests = defineEndpoint({
  method: "GET",
  path: "/api/v1/privacy/data-requests/me",
  operationId: "listMyDataRequests",
  summary: "The member's exports and deletion requests, newest first",
  description: "Needs permission `profile:read`. At most the newest 100.",
  tags: TAGS,
  access: member("profile:read"),
  success: { status: 200, description: "The member's data requests.", schema: DataRequestListSchema },
});

export const createDataRequest = defineEndpoint({
  method: "POST",
  path: "/api/v1/privacy/data-requests/me",
  operationId: "createDataRequest",
  summary: "Ask for an export of the member's data, or for their account to be deleted",
  description:
    "Needs permission `profile:write`. `export`: built at once from every record kept about the member and answered " +
    "`fulfilled`; download it from `/api/v1/privacy/data-requests/me/{id}/download`. At most 5 exports an hour. " +
    "`deletion`: `pending` until `due_at` (the grace period, 14 days unless the deployment sets PRIVACY_DELETION_GRACE_DAYS); " +
    "the member may cancel it until it is carried out. Then the account and everything tied to it is erased and every " +
    "token, session, grant and consent of the member stops working. One pending deletion at a time.",
  tags: TAGS,
  // Only a deletion needs a recent sign-in (an export does not): the handler checks it once it has read `type`.
  access: { ...member("profile:write"), recentSignIn: "deletion" },
  body: createDataRequestBodySchema,
  success: { status: 201, description: "The new request: an export `fulfilled`, a deletion `pending` with `due_at`.", schema: DataRequestSchema },
  refusals: {
    "400": "`invalid_request`: malformed JSON, a `type` other than `export` or `deletion`, or an unknown field.",
    "409": "`conflict`: `a deletion of this account is already pending`.",
    "429": {
      ...identityError("`too_many_requests`: more than 5 exports within an hour."),
      headers: { "Retry-After": { description: "Seconds until another export may be asked for.", schema: { type: "string" as const } } },
    },
  },
});

export const cancelDeletionRequest = defineEndpoint({
  method: "POST",
  path: "/api/v1/privacy/data-requests/me/{id}/cancel",
  operationId: "cancelDeletionRequest",
  summary: "Call off a pending account deletion",
  description:
    "Needs permission `profile:write`. No body. Answers the request with `status: cancelled` and `cancelled_at`; " +
    "cancelling it again answers the same. Possible until the deletion is carried out.",
  tags: TAGS,
  access: member("profile:write"),
  params: { id: "The data request id (UUID)." },
  success: { status: 200, description: "The cancelled deletion request.", schema: DataRequestSchema },
  refusals: {
    "404": "`not_found`: no such request of this member (someone else's is not found either).",
    "409": "`conflict`: `only a pending deletion can be cancelled` (an export, or a deletion already carried out).",
  },
});

export const downloadDataExport = defineEndpoint({
  method: "GET",
  path: "/api/v1/privacy/data-requests/me/{id}/download",
  operationId: "downloadDataExport",
  summary: "Download an export as a JSON file",
  description:
    "Needs permission `profile:read`. The document as it was built when the export was asked for, with " +
    "`Content-Disposition: attachment`. Holds the profile, two-step sign-in state (never its secret), sessions, app " +
    "authorizations, consents, the security log, guardianships (without the other person), codes sent (never the code), " +
    "messages sent (never their text) and the member's data requests. Each download is written to the security log.",
  tags: TAGS,
  access: member("profile:read"),
  params: { id: "The export's data request id (UUID)." },
  // The stored document, answered as a file (the handler's Response) whose JSON this schema describes.
  success: {
    status: 200,
    description: "The export document.",
    schema: DataExportSchema,
    headers: { "Content-Disposition": 'attachment; filename="account-data-YYYY-MM-DD.json"' },
  },
  refusals: { "404": "`not_found`: `export not found`: no such export of this member (a deletion request has no download)." },
});

export const privacyEndpoints = [listMyDataRequests, createDataRequest, cancelDeletionRequest, downloadDataExport];
