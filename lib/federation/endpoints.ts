import { defineEndpoint } from "../openapi/endpoint.ts";
import { identityError } from "../openapi/responses.ts";
import { AREA_SCOPES } from "../oauth/scopes.ts";
import { FederatedLinkResultSchema, LinkedIdentityListSchema, RemovedLinkedIdentitySchema, finalizeLinkBodySchema } from "./schemas.ts";

/** Accounts at external OpenID Connect providers that can sign the member in, linked only by the member's own confirmation. */

const TAGS = ["federation"] as const;
const member = (permission: "profile:read" | "profile:write", recentSignIn?: true) => ({ kind: "member" as const, scope: AREA_SCOPES.linkedIdentities, permission, ...(recentSignIn ? { recentSignIn } : {}) });

/** A self-service route under /oauth (interface.md 4.2): the portal's confirmation page calls it on the server, not through the relay. */
export const finalizeFederatedLink = defineEndpoint({
  method: "POST",
  path: "/oauth/federated/link/finalize",
  operationId: "finalizeFederatedLink",
  summary: "Link the external identity of a one-time link code to the caller",
  description:
    "Needs permission `profile:write`. A link code is issued when a member who is signed in here comes back from a provider with an " +
    "identity (issuer + subject) that is not linked yet; the portal's confirmation page sends it here with the member's own token. " +
    "The code is single use, valid 10 minutes, stored hashed, and bound to the member it was issued to: with anyone else's token it is " +
    "`invalid_request` and stays usable by its owner. Wrong codes count against the caller (5 free, then growing delays) and their IP. " +
    "Linking an identity already linked to the caller answers the same 200 with the original `linked_at`.",
  tags: TAGS,
  access: member("profile:write", true),
  body: finalizeLinkBodySchema,
  success: { status: 200, description: "Linked: the provider's id and when.", schema: FederatedLinkResultSchema },
  refusals: {
    "400": "`invalid_request`: malformed JSON, a missing or unknown field, or a code that is unknown, expired, already used or another member's (`code: is unknown or has expired`).",
    "409": "`conflict`: the identity was linked to another account after the code was issued.",
    "429": {
      ...identityError("`too_many_requests`: too many refused codes from this member or this IP."),
      headers: { "Retry-After": { description: "Seconds until another code may be tried.", schema: { type: "string" as const } } },
    },
  },
});

export const listMyLinkedIdentities = defineEndpoint({
  method: "GET",
  path: "/api/v1/users/me/linked-identities",
  operationId: "listMyLinkedIdentities",
  summary: "The member's linked provider accounts, oldest first",
  description: "Needs permission `profile:read`. The provider's email is masked (`j***@e***.org`).",
  tags: TAGS,
  access: member("profile:read"),
  success: { status: 200, description: "Every linked identity of the member.", schema: LinkedIdentityListSchema },
});

export const removeLinkedIdentity = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/users/me/linked-identities/{id}",
  operationId: "removeLinkedIdentity",
  summary: "Unlink a provider account",
  description:
    "Needs permission `profile:write`. “Continue with” that account stops signing the member in at once (sessions it started are not ended). " +
    "Answers the identity as it was, `status: removed`.",
  tags: TAGS,
  access: member("profile:write", true),
  params: { id: "The linked identity id (UUID)." },
  success: { status: 200, description: "The removed identity.", schema: RemovedLinkedIdentitySchema },
  refusals: { "404": "`not_found`: no such linked identity of this member (someone else's is not found either)." },
});

/** In the order the OpenAPI document lists them. */
export const federationEndpoints = [finalizeFederatedLink, listMyLinkedIdentities, removeLinkedIdentity];
