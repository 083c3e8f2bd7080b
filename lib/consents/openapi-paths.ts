import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { identityError, invalidTokenResponse } from "../openapi/responses.ts";
import { ConsentListSchema, ConsentSchema, createConsentBodySchema } from "./schemas.ts";

/** The OpenAPI entries of the member's consents, spread into the document's paths by lib/openapi/document.ts. */

export const consentPaths = {
  "/api/v1/consents/me": {
    get: {
      tags: ["consents-privacy"],
      operationId: "listMyConsents",
      summary: "The member's consents, granted first",
      description: "Needs permission `consents:read`.",
      security: [{ bearer: [] }],
      responses: {
        "200": { description: "Every consent of the member.", content: { "application/json": { schema: ConsentListSchema } } },
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission consents:read`."),
      },
    },
    post: {
      tags: ["consents-privacy"],
      operationId: "grantConsent",
      summary: "Allow a registered client some scopes",
      description:
        "Needs permission `consents:write`. Each scope must be one the client may ask for. Granting again for the same client " +
        "merges the scopes (200); a first grant, or one after a revocation, answers 201.",
      security: [{ bearer: [] }],
      requestBody: { content: { "application/json": { schema: createConsentBodySchema } } },
      responses: {
        "201": { description: "A new grant.", content: { "application/json": { schema: ConsentSchema } } },
        "200": { description: "Merged into the existing grant.", content: { "application/json": { schema: ConsentSchema } } },
        "400": identityError("`invalid_request`: malformed JSON, a wrong field, an unknown client or a scope it may not use."),
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission consents:write`."),
      },
    },
  },
  "/api/v1/consents/me/{id}": {
    delete: {
      tags: ["consents-privacy"],
      operationId: "revokeConsent",
      summary: "Revoke a consent, and the client's refresh tokens for the member",
      description: "Needs permission `consents:write`. Answers the consent with `status: revoked` and `revoked_at`.",
      security: [{ bearer: [] }],
      requestParams: { path: z.object({ id: z.string().meta({ description: "The consent id (UUID)." }) }) },
      responses: {
        "200": { description: "The revoked consent.", content: { "application/json": { schema: ConsentSchema } } },
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission consents:write`."),
        "404": identityError("`not_found`: no such consent of this member (someone else's is not found either)."),
      },
    },
  },
} satisfies ZodOpenApiPathsObject;
