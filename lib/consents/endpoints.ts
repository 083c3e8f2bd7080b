import { defineEndpoint } from "../openapi/endpoint.ts";
import { AREA_SCOPES } from "../oauth/scopes.ts";
import { ConsentListSchema, ConsentSchema, createConsentBodySchema } from "./schemas.ts";

/** Which apps may use which parts of the member's account. */

const TAGS = ["consents-privacy"] as const;
const member = (permission: "consents:read" | "consents:write") => ({ kind: "member" as const, scope: AREA_SCOPES.consents, permission });

export const listMyConsents = defineEndpoint({
  method: "GET",
  path: "/api/v1/consents/me",
  operationId: "listMyConsents",
  summary: "The member's consents, granted first",
  description: "Needs permission `consents:read`.",
  tags: TAGS,
  access: member("consents:read"),
  success: { status: 200, description: "Every consent of the member.", schema: ConsentListSchema },
});

export const grantConsent = defineEndpoint({
  method: "POST",
  path: "/api/v1/consents/me",
  operationId: "grantConsent",
  summary: "Allow a registered client some scopes",
  description:
    "Needs permission `consents:write`. Each scope must be one the client may ask for. Granting again for the same client " +
    "merges the scopes (200); a first grant, or one after a revocation, answers 201.",
  tags: TAGS,
  access: member("consents:write"),
  body: createConsentBodySchema,
  success: { status: 201, description: "A new grant.", schema: ConsentSchema, also: { 200: "Merged into the existing grant." } },
  refusals: { "400": "`invalid_request`: malformed JSON, a wrong field, an unknown client or a scope it may not use." },
});

export const revokeConsent = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/consents/me/{id}",
  operationId: "revokeConsent",
  summary: "Revoke a consent, and the client's refresh tokens for the member",
  description: "Needs permission `consents:write`. Answers the consent with `status: revoked` and `revoked_at`.",
  tags: TAGS,
  access: member("consents:write"),
  params: { id: "The consent id (UUID)." },
  success: { status: 200, description: "The revoked consent.", schema: ConsentSchema },
  refusals: { "404": "`not_found`: no such consent of this member (someone else's is not found either)." },
});

/** In the order the OpenAPI document lists them. */
export const consentEndpoints = [listMyConsents, grantConsent, revokeConsent];
