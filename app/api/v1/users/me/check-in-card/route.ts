import { getCheckInCard, issueCheckInCard, revokeCheckInCard } from "@/lib/check-in/check-in-card";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { AREA_SCOPES } from "@/lib/oauth/scopes";

export const dynamic = "force-dynamic";

// GET /api/v1/users/me/check-in-card - the member's live household card (id and dates, never its code), or null
export const GET = identityRoute({ scope: AREA_SCOPES.checkIn, permission: "profile:read" }, async ({ caller, database }) => identityJson(await getCheckInCard(database, caller.userId)));

// POST /api/v1/users/me/check-in-card - a new household card replacing the live one; its code is answered this once, for printing (201)
export const POST = identityRoute({ scope: AREA_SCOPES.checkIn, permission: "profile:write", recentSignIn: true }, async ({ caller, database, context }) =>
  identityJson(await issueCheckInCard(database, caller.userId, context), 201),
);

// DELETE /api/v1/users/me/check-in-card - revoke the live household card: kiosks refuse it at once
export const DELETE = identityRoute({ scope: AREA_SCOPES.checkIn, permission: "profile:write" }, async ({ caller, database, context }) => identityJson(await revokeCheckInCard(database, caller.userId, context)));

// PUT, PATCH /api/v1/users/me/check-in-card - 405 in the identity error shape
export const { PUT, PATCH } = identityMethodNotAllowed(["GET", "POST", "DELETE"]);
