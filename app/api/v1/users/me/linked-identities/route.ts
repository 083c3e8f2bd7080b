import { listMyLinkedIdentities } from "@/lib/federation/endpoints";
import { listLinkedIdentities } from "@/lib/federation/list-linked-identities";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/users/me/linked-identities - the external provider accounts that can sign the member in
  handle(listMyLinkedIdentities, async ({ caller, database }) => ({ identities: await listLinkedIdentities(database, caller.userId) })),
);
