import { removeMemberForStaff } from "@/lib/families/remove-member-for-staff";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// DELETE /api/v1/admin/families/{id}/members/{userId} - the person leaves the household (not its last adult while children remain)
export const DELETE = identityRoute<{ id: string; userId: string }>({ staff: true, permission: "families:write" }, async ({ caller, params, database, context }) =>
  identityJson(await removeMemberForStaff(database, caller.userId, params.id, params.userId, context)),
);

// GET, POST, PUT, PATCH /api/v1/admin/families/{id}/members/{userId} - 405 in the identity error shape
export const { GET, POST, PUT, PATCH } = identityMethodNotAllowed(["DELETE"]);
