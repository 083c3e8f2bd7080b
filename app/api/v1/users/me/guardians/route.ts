import { listMyGuardians } from "@/lib/guardians/guardianship-requests";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { AREA_SCOPES } from "@/lib/oauth/scopes";

export const dynamic = "force-dynamic";

// GET /api/v1/users/me/guardians - who acts for the member as guardian, and the household adults waiting for their answer
export const GET = identityRoute({ scope: AREA_SCOPES.family, permission: "profile:read" }, async ({ caller, database }) => identityJson(await listMyGuardians(database, caller.userId)));

// POST, PUT, PATCH, DELETE /api/v1/users/me/guardians - 405 in the identity error shape
export const { POST, PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET"]);
