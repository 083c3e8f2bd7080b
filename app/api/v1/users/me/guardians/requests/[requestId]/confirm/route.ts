import { answerGuardianshipRequestOrThrow } from "@/lib/guardians/guardianship-requests";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { AREA_SCOPES } from "@/lib/oauth/scopes";

export const dynamic = "force-dynamic";

// POST /api/v1/users/me/guardians/requests/{requestId}/confirm - the young person confirms a household adult as their guardian
export const POST = identityRoute<{ requestId: string }>({ scope: AREA_SCOPES.family, permission: "profile:write" }, async ({ caller, params, database, context }) =>
  identityJson(await answerGuardianshipRequestOrThrow(database, caller.userId, params.requestId, "confirmed", context)),
);

// GET, PUT, PATCH, DELETE /api/v1/users/me/guardians/requests/[requestId]/confirm - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
