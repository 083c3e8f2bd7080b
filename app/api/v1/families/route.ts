import { createFamily } from "@/lib/families/create-family";
import { createFamilyBodySchema } from "@/lib/families/schemas";
import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { AREA_SCOPES } from "@/lib/oauth/scopes";

export const dynamic = "force-dynamic";

// POST /api/v1/families - create a household; the caller becomes its first adult (201 the family, with its code)
export const POST = identityRoute({ scope: AREA_SCOPES.family, permission: "profile:write" }, async ({ request, caller, database, context }) => {
  const { name } = await readJsonBody(request, createFamilyBodySchema);
  return identityJson(await createFamily(database, caller.userId, name, context), 201);
});

// GET, PUT, PATCH, DELETE /api/v1/families - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
