import { listLinkedIdentities } from "@/lib/federation/list-linked-identities";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/users/me/linked-identities - the external provider accounts that can sign the member in
export const GET = identityRoute({ scope: AREA_SCOPES.linkedIdentities, permission: "profile:read" }, async ({ caller, database }) =>
  identityJson({ identities: await listLinkedIdentities(database, caller.userId) }),
);

// POST, PUT, PATCH, DELETE /api/v1/users/me/linked-identities - 405 in the identity error shape
export const { POST, PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET"]);
