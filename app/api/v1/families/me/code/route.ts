import { rotateFamilyCode } from "@/lib/families/rotate-family-code";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/v1/families/me/code - a new family code (adults only); the old one stops working
export const POST = identityRoute({ scope: AREA_SCOPES.family, permission: "profile:write" }, async ({ caller, database, context }) =>
  identityJson(await rotateFamilyCode(database, caller.userId, context)),
);

// GET, PUT, PATCH, DELETE /api/v1/families/me/code - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
