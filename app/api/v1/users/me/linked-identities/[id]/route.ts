import { removeLinkedIdentity } from "@/lib/federation/endpoints";
import { removeLinkedIdentityOrThrow } from "@/lib/federation/remove-linked-identity-or-throw";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // DELETE /api/v1/users/me/linked-identities/{id} - unlink a provider account; answers it with status removed
  handle(removeLinkedIdentity, ({ caller, params, database, context }) => removeLinkedIdentityOrThrow(database, caller.userId, params.id, context)),
);
