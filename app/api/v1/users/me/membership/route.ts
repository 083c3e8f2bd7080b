import { identityJson, identityRoute } from "@/lib/http/identity";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { getMyMembership } from "@/lib/membership/get-my-membership";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/users/me/membership - the membership record linked to the member, and their requests waiting for staff
export const GET = identityRoute({ scope: AREA_SCOPES.membership, permission: "profile:read" }, async ({ caller, database }) => identityJson(await getMyMembership(database, caller.userId)));

// POST, PUT, PATCH, DELETE /api/v1/users/me/membership - 405 in the identity error shape
export const { POST, PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET"]);
