import { ConsentSchema } from "../consents/schemas.ts";
import { defineEndpoint } from "../openapi/endpoint.ts";
import { AREA_SCOPES } from "../oauth/scopes.ts";
import { DependentListSchema, GUARDIAN_PERMISSION, GuardianshipAnswerSchema, MyGuardiansSchema } from "./schemas.ts";

/**
 * A young member's guardians and the requests waiting for their answer, and a guardian acting for their
 * dependants (docs/decisions/0013). Staff record and end guardianships with the households' endpoints
 * (lib/families/endpoints.ts), whose services they share.
 */

const TAGS = ["family"] as const;
const REQUEST_ID = "The request's id (UUID).";
const guardian = { kind: "member" as const, scope: AREA_SCOPES.dependents, permission: GUARDIAN_PERMISSION };

// ── The young member's own guardians ──

export const listMyGuardians = defineEndpoint({
  method: "GET",
  path: "/api/v1/users/me/guardians",
  operationId: "listMyGuardians",
  summary: "The member's guardians, and the adults waiting for their answer",
  description:
    "Needs permission `profile:read`. Guardians under a live guardianship, and requests from the adults of a household the member joined as a child " +
    "(or who joined theirs): only the member's own confirmation makes a request a guardianship (docs/decisions/0013).",
  tags: TAGS,
  access: { kind: "member", scope: AREA_SCOPES.family, permission: "profile:read" },
  success: { status: 200, description: "Guardians and requests.", schema: MyGuardiansSchema },
});

export const confirmGuardianshipRequest = defineEndpoint({
  method: "POST",
  path: "/api/v1/users/me/guardians/requests/{requestId}/confirm",
  operationId: "confirmGuardianshipRequest",
  summary: "Confirm a household adult as guardian",
  description: "Needs permission `profile:write`. Only the young person the request is about answers it, once. A member of age cannot confirm one (`conflict`).",
  tags: TAGS,
  access: { kind: "member", scope: AREA_SCOPES.family, permission: "profile:write" },
  params: { requestId: REQUEST_ID },
  success: { status: 200, description: "Answered.", schema: GuardianshipAnswerSchema },
  refusals: {
    "404": "`not_found`: `guardianship request not found`: another member's, already answered, or none.",
    "409": "`conflict`: `you are of age: no one becomes your guardian`.",
  },
});

export const declineGuardianshipRequest = defineEndpoint({
  method: "POST",
  path: "/api/v1/users/me/guardians/requests/{requestId}/decline",
  operationId: "declineGuardianshipRequest",
  summary: "Decline a household adult as guardian",
  description: "Needs permission `profile:write`. Only the young person the request is about answers it, once.",
  tags: TAGS,
  access: { kind: "member", scope: AREA_SCOPES.family, permission: "profile:write" },
  params: { requestId: REQUEST_ID },
  success: { status: 200, description: "Answered.", schema: GuardianshipAnswerSchema },
  refusals: { "404": "`not_found`: `guardianship request not found`: another member's, already answered, or none." },
});

// ── A guardian acting for their dependants ──

export const listMyDependents = defineEndpoint({
  method: "GET",
  path: "/api/v1/users/me/dependents",
  operationId: "listMyDependents",
  summary: "The guardian's dependants, each with their consents",
  description:
    "Needs permission `guardian:act_as` (held by every member with at least one guardianship). Dependants under a live guardianship, " +
    "oldest first, with the day they come of age (when the guardianship ends by itself) and every consent, granted first.",
  tags: TAGS,
  access: guardian,
  success: { status: 200, description: "The dependants.", schema: DependentListSchema },
});

export const revokeDependentConsent = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/users/me/dependents/{dependentId}/consent/{consentId}",
  operationId: "revokeDependentConsent",
  summary: "Revoke a dependant's consent, and the client's refresh tokens for them",
  description:
    "Needs permission `guardian:act_as` and a live guardianship of that dependant. Works exactly as the dependant's own revocation: " +
    "answers the consent with `status: revoked` and `revoked_at`; the client's grants and refresh tokens for the dependant are revoked. " +
    "Recorded in the dependant's security log and the guardian's.",
  tags: TAGS,
  access: guardian,
  params: { dependentId: "The dependant's user id (UUID).", consentId: "The consent id (UUID)." },
  success: { status: 200, description: "The revoked consent.", schema: ConsentSchema },
  refusals: { "404": "`not_found`: `dependent not found` (not the caller's dependant, or no longer) or `consent not found` (not that dependant's)." },
});

export const guardianEndpoints = [listMyGuardians, confirmGuardianshipRequest, declineGuardianshipRequest, listMyDependents, revokeDependentConsent];
