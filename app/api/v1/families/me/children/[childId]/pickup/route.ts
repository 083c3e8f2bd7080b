import { addPickupPersonOrThrow, getPickupListOrThrow } from "@/lib/families/pickup-people";
import { addPickupPersonBodySchema } from "@/lib/families/pickup-schemas";
import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { AREA_SCOPES } from "@/lib/oauth/scopes";

export const dynamic = "force-dynamic";

// GET /api/v1/families/me/children/{childId}/pickup - who may collect the child (the household's adults by default) and who may not
export const GET = identityRoute<{ childId: string }>({ scope: AREA_SCOPES.family, permission: "profile:read" }, async ({ caller, params, database }) =>
  identityJson(await getPickupListOrThrow(database, caller.userId, params.childId)),
);

// POST /api/v1/families/me/children/{childId}/pickup - an adult names someone who may, or may not, collect the child (201)
export const POST = identityRoute<{ childId: string }>({ scope: AREA_SCOPES.family, permission: "profile:write" }, async ({ request, caller, params, database, context }) =>
  identityJson(await addPickupPersonOrThrow(database, caller.userId, params.childId, await readJsonBody(request, addPickupPersonBodySchema), context), 201),
);

// PUT, PATCH, DELETE /api/v1/families/me/children/[childId]/pickup - 405 in the identity error shape
export const { PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET", "POST"]);
