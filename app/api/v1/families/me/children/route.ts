import { addChild } from "@/lib/families/add-child";
import { addChildBodySchema } from "@/lib/families/schemas";
import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { AREA_SCOPES } from "@/lib/oauth/scopes";

export const dynamic = "force-dynamic";

// POST /api/v1/families/me/children - an adult adds a child without a sign-in and becomes their guardian (201 the child)
export const POST = identityRoute({ scope: AREA_SCOPES.family, permission: "profile:write" }, async ({ request, caller, database, context }) =>
  identityJson(await addChild(database, caller.userId, await readJsonBody(request, addChildBodySchema), context), 201),
);

// GET, PUT, PATCH, DELETE /api/v1/families/me/children - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
