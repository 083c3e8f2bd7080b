import { removePickupPersonOrThrow } from "@/lib/families/pickup-people";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { AREA_SCOPES } from "@/lib/oauth/scopes";

export const dynamic = "force-dynamic";

// DELETE /api/v1/families/me/children/{childId}/pickup/{pickupId} - an adult takes someone off the child's pickup list
export const DELETE = identityRoute<{ childId: string; pickupId: string }>({ scope: AREA_SCOPES.family, permission: "profile:write" }, async ({ caller, params, database, context }) =>
  identityJson(await removePickupPersonOrThrow(database, caller.userId, params.childId, params.pickupId, context)),
);

// GET, POST, PUT, PATCH /api/v1/families/me/children/[childId]/pickup/[pickupId] - 405 in the identity error shape
export const { GET, POST, PUT, PATCH } = identityMethodNotAllowed(["DELETE"]);
