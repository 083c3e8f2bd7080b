import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { ConsentSchema } from "../consents/schemas.ts";
import { identityError, invalidTokenResponse } from "../openapi/responses.ts";
import { DependentListSchema } from "./schemas.ts";

/** The OpenAPI entries of guardians acting for their dependants (docs/decisions/0013), spread into the document's paths by lib/openapi/document.ts. */

export const dependentPaths = {
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
