import { endGuardianshipForStaff } from "@/lib/families/end-guardianship-for-staff";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/guardianships/{id}/end - the guardian no longer acts for the dependant, at once
export const POST = identityRoute<{ id: string }>({ staff: true, permission: "families:write" }, async ({ caller, params, database, context }) =>
  identityJson(await endGuardianshipForStaff(database, caller.userId, params.id, context)),
);

// GET, PUT, PATCH, DELETE /api/v1/admin/guardianships/{id}/end - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
