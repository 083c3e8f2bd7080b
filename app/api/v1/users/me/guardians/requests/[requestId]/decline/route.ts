import { answerGuardianshipRequestOrThrow } from "@/lib/guardians/guardianship-requests";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { AREA_SCOPES } from "@/lib/oauth/scopes";

export const dynamic = "force-dynamic";

// POST /api/v1/users/me/guardians/requests/{requestId}/decline - the young person declines a household adult as their guardian
export const POST = identityRoute<{ requestId: string }>({ scope: AREA_SCOPES.family, permission: "profile:write" }, async ({ caller, params, database, context }) =>
  identityJson(await answerGuardianshipRequestOrThrow(database, caller.userId, params.requestId, "declined", context)),
);

// GET, PUT, PATCH, DELETE /api/v1/users/me/guardians/requests/[requestId]/decline - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
