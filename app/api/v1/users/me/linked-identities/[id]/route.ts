import { removeLinkedIdentityOrThrow } from "@/lib/federation/remove-linked-identity-or-throw";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// DELETE /api/v1/users/me/linked-identities/{id} - unlink a provider account; answers it with status removed
export const DELETE = identityRoute<{ id: string }>({ scope: AREA_SCOPES.linkedIdentities, permission: "profile:write", recentSignIn: true }, async ({ caller, params, database, context }) =>
  identityJson(await removeLinkedIdentityOrThrow(database, caller.userId, params.id, context)),
);

// GET, POST, PUT, PATCH /api/v1/users/me/linked-identities/{id} - 405 in the identity error shape
export const { GET, POST, PUT, PATCH } = identityMethodNotAllowed(["DELETE"]);
