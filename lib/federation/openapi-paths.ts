import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { identityError, invalidTokenResponse } from "../openapi/responses.ts";
import { FederatedLinkResultSchema, LinkedIdentityListSchema, RemovedLinkedIdentitySchema, finalizeLinkBodySchema } from "./schemas.ts";

/** The OpenAPI entries of accounts at external OpenID Connect providers, spread into the document's paths by lib/openapi/document.ts. */

export const federationPaths = {
  "/oauth/federated/link/finalize": {
    post: {
      tags: ["federation"],
      operationId: "finalizeFederatedLink",
      summary: "Link the external identity of a one-time link code to the caller",
      description:
        "Needs permission `profile:write`. A link code is issued when a member who is signed in here comes back from a provider with an " +
        "identity (issuer + subject) that is not linked yet; the portal's confirmation page sends it here with the member's own token. " +
        "The code is single use, valid 10 minutes, stored hashed, and bound to the member it was issued to: with anyone else's token it is " +
        "`invalid_request` and stays usable by its owner. Wrong codes count against the caller (5 free, then growing delays) and their IP. " +
        "Linking an identity already linked to the caller answers the same 200 with the original `linked_at`.",
      security: [{ bearer: [] }],
      requestBody: { content: { "application/json": { schema: finalizeLinkBodySchema } } },
      responses: {
        "200": { description: "Linked: the provider's id and when.", content: { "application/json": { schema: FederatedLinkResultSchema } } },
        "400": identityError(
          "`invalid_request`: malformed JSON, a missing or unknown field, or a code that is unknown, expired, already used or another member's (`code: is unknown or has expired`).",
        ),
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:write`."),
        "409": identityError("`conflict`: the identity was linked to another account after the code was issued."),
        "429": {
          ...identityError("`too_many_requests`: too many refused codes from this member or this IP."),
          headers: { "Retry-After": { description: "Seconds until another code may be tried.", schema: { type: "string" as const } } },
        },
      },
    },
  },
  "/api/v1/users/me/linked-identities": {
    get: {
      tags: ["federation"],
      operationId: "listMyLinkedIdentities",
      summary: "The member's linked provider accounts, oldest first",
      description: "Needs permission `profile:read`. The provider's email is masked (`j***@e***.org`).",
      security: [{ bearer: [] }],
      responses: {
        "200": { description: "Every linked identity of the member.", content: { "application/json": { schema: LinkedIdentityListSchema } } },
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:read`."),
      },
    },
  },
  "/api/v1/users/me/linked-identities/{id}": {
    delete: {
      tags: ["federation"],
      operationId: "removeLinkedIdentity",
      summary: "Unlink a provider account",
      description:
        "Needs permission `profile:write`. “Continue with” that account stops signing the member in at once (sessions it started are not ended). " +
        "Answers the identity as it was, `status: removed`.",
      security: [{ bearer: [] }],
      requestParams: { path: z.object({ id: z.string().meta({ description: "The linked identity id (UUID)." }) }) },
      responses: {
        "200": { description: "The removed identity.", content: { "application/json": { schema: RemovedLinkedIdentitySchema } } },
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:write`."),
        "404": identityError("`not_found`: no such linked identity of this member (someone else's is not found either)."),
      },
    },
  },
} satisfies ZodOpenApiPathsObject;
