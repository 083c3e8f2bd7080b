import { endGuardianshipForStaff } from "@/lib/admin/manage-families";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { requestContext } from "@/lib/http/request-context";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/guardianships/{id}/end - the guardian no longer acts for the dependant, at once
export const POST = identityRoute<{ id: string }>({ staff: true, permission: "families:write" }, async ({ request, caller, params }) =>
  identityJson(await endGuardianshipForStaff(caller.userId, params.id, requestContext(request.headers))),
);

// GET, PUT, PATCH, DELETE /api/v1/admin/guardianships/{id}/end - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
