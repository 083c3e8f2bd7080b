import { identityJson, identityRoute } from "@/lib/http/identity";
import { getProfileOrThrow } from "@/lib/users/get-profile-or-throw";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/users/me - the signed-in member's profile: the claims the token's scopes release, and to first-party clients roles and permissions
export const GET = identityRoute({ scope: null, permission: "profile:read" }, async ({ caller, database }) =>
  identityJson(await getProfileOrThrow(database, caller.userId, caller)),
);

// POST, PUT, PATCH, DELETE /api/v1/users/me - 405 in the identity error shape
export const { POST, PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET"]);
