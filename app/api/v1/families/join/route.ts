import { joinFamily } from "@/lib/families/join-family";
import { joinFamilyBodySchema } from "@/lib/families/schemas";
import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/v1/families/join - join a family with its code (200 { family_id, status: "member" }, also when already one)
export const POST = identityRoute({ scope: AREA_SCOPES.family, permission: "profile:write" }, async ({ request, caller, database, context }) => {
  const { code } = await readJsonBody(request, joinFamilyBodySchema);
  return identityJson(await joinFamily(database, caller.userId, code, context));
});

// GET, PUT, PATCH, DELETE /api/v1/families/join - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
