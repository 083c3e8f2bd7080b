import { getMyFamilyOrThrow } from "@/lib/families/get-my-family-or-throw";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/families/me - the member's family and its members; adults also see its code
export const GET = identityRoute({ scope: AREA_SCOPES.family, permission: "profile:read" }, async ({ caller, database }) => identityJson(await getMyFamilyOrThrow(database, caller.userId)));

// POST, PUT, PATCH, DELETE /api/v1/families/me - 405 in the identity error shape
export const { POST, PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET"]);
