import { removePickupPerson } from "@/lib/families/endpoints";
import { removePickupPersonOrThrow } from "@/lib/families/pickup-people";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // DELETE /api/v1/families/me/children/{childId}/pickup/{pickupId} - an adult takes someone off the child's pickup list
  handle(removePickupPerson, ({ caller, params, database, context }) => removePickupPersonOrThrow(database, caller.userId, params.childId, params.pickupId, context)),
);
