import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { ConsentSchema } from "../consents/schemas.ts";
import { identityError, invalidTokenResponse } from "../openapi/responses.ts";
import { DependentListSchema, GuardianshipAnswerSchema, MyGuardiansSchema } from "./schemas.ts";

/** The OpenAPI entries of guardians acting for their dependants (docs/decisions/0013), spread into the document's paths by lib/openapi/document.ts. */

export const dependentPaths = {
  "/api/v1/users/me/guardians": {
    get: {
      tags: ["family"],
      operationId: "listMyGuardians",
      summary: "The member's guardians, and the adults waiting for their answer",
      description:
        "Needs permission `profile:read`. Guardians under a live guardianship, and requests from the adults of a household the member joined as a child " +
        "(or who joined theirs): only the member's own confirmation makes a request a guardianship (docs/decisions/0013).",
      security: [{ bearer: [] }],
      responses: {
        "200": { description: "Guardians and requests.", content: { "application/json": { schema: MyGuardiansSchema } } },
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:read`."),
      },
    },
  },
  "/api/v1/users/me/guardians/requests/{requestId}/confirm": {
    post: {
      tags: ["family"],
      operationId: "confirmGuardianshipRequest",
      summary: "Confirm a household adult as guardian",
      description: "Needs permission `profile:write`. Only the young person the request is about answers it, once. A member of age cannot confirm one (`conflict`).",
      security: [{ bearer: [] }],
      requestParams: { path: z.object({ requestId: z.string().meta({ description: "The request's id (UUID)." }) }) },
      responses: {
        "200": { description: "Answered.", content: { "application/json": { schema: GuardianshipAnswerSchema } } },
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:write`."),
        "404": identityError("`not_found`: `guardianship request not found`: another member's, already answered, or none."),
        "409": identityError("`conflict`: `you are of age: no one becomes your guardian`."),
      },
    },
  },
  "/api/v1/users/me/guardians/requests/{requestId}/decline": {
    post: {
      tags: ["family"],
      operationId: "declineGuardianshipRequest",
      summary: "Decline a household adult as guardian",
      description: "Needs permission `profile:write`. Only the young person the request is about answers it, once.",
      security: [{ bearer: [] }],
      requestParams: { path: z.object({ requestId: z.string().meta({ description: "The request's id (UUID)." }) }) },
      responses: {
        "200": { description: "Answered.", content: { "application/json": { schema: GuardianshipAnswerSchema } } },
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:write`."),
        "404": identityError("`not_found`: `guardianship request not found`: another member's, already answered, or none."),
      },
    },
  },
  "/api/v1/users/me/dependents": {
    get: {
      tags: ["family"],
      operationId: "listMyDependents",
      summary: "The guardian's dependants, each with their consents",
      description:
        "Needs permission `guardian:act_as` (held by every member with at least one guardianship). Dependants under a live guardianship, " +
        "oldest first, with the day they come of age (when the guardianship ends by itself) and every consent, granted first.",
      security: [{ bearer: [] }],
      responses: {
        "200": { description: "The dependants.", content: { "application/json": { schema: DependentListSchema } } },
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission guardian:act_as`."),
      },
    },
  },
  "/api/v1/users/me/dependents/{dependentId}/consent/{consentId}": {
    delete: {
      tags: ["family"],
      operationId: "revokeDependentConsent",
      summary: "Revoke a dependant's consent, and the client's refresh tokens for them",
      description:
        "Needs permission `guardian:act_as` and a live guardianship of that dependant. Works exactly as the dependant's own revocation: " +
        "answers the consent with `status: revoked` and `revoked_at`; the client's grants and refresh tokens for the dependant are revoked. " +
        "Recorded in the dependant's security log and the guardian's.",
      security: [{ bearer: [] }],
      requestParams: {
        path: z.object({
          dependentId: z.string().meta({ description: "The dependant's user id (UUID)." }),
          consentId: z.string().meta({ description: "The consent id (UUID)." }),
        }),
      },
      responses: {
        "200": { description: "The revoked consent.", content: { "application/json": { schema: ConsentSchema } } },
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission guardian:act_as`."),
        "404": identityError("`not_found`: `dependent not found` (not the caller's dependant, or no longer) or `consent not found` (not that dependant's)."),
      },
    },
  },
} satisfies ZodOpenApiPathsObject;
