import { getMyFamilyOrThrow } from "@/lib/families/get-my-family-or-throw";
import { leaveFamily } from "@/lib/families/leave-family";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/families/me - the member's family and its members; adults also see its code
export const GET = identityRoute({ scope: AREA_SCOPES.family, permission: "profile:read" }, async ({ caller, database }) => identityJson(await getMyFamilyOrThrow(database, caller.userId)));

// DELETE /api/v1/families/me - leave the household (its last adult not while it has children)
export const DELETE = identityRoute({ scope: AREA_SCOPES.family, permission: "profile:write" }, async ({ caller, database, context }) => identityJson(await leaveFamily(database, caller.userId, context)));

// POST, PUT, PATCH /api/v1/families/me - 405 in the identity error shape
export const { POST, PUT, PATCH } = identityMethodNotAllowed(["GET", "DELETE"]);
