import { listDependents } from "@/lib/guardians/list-dependents";
import { GUARDIAN_PERMISSION } from "@/lib/guardians/schemas";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/users/me/dependents - the guardian's dependants, each with their consents
export const GET = identityRoute({ scope: AREA_SCOPES.dependents, permission: GUARDIAN_PERMISSION }, async ({ caller, database }) => identityJson(await listDependents(database, caller.userId)));

// POST, PUT, PATCH, DELETE /api/v1/users/me/dependents - 405 in the identity error shape
export const { POST, PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET"]);
