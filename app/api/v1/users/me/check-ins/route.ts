import { listMyCheckIns } from "@/lib/check-in/attendance";
import { selfCheckInBodySchema } from "@/lib/check-in/schemas";
import { selfCheckIn } from "@/lib/check-in/self-check-in";
import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { AREA_SCOPES } from "@/lib/oauth/scopes";

export const dynamic = "force-dynamic";

// GET /api/v1/users/me/check-ins - the member's own attendance, newest first
export const GET = identityRoute({ scope: AREA_SCOPES.checkIn, permission: "profile:read" }, async ({ caller, database }) => identityJson(await listMyCheckIns(database, caller.userId)));

// POST /api/v1/users/me/check-ins - check oneself in where the event allows SELF_CHECK_IN, inside its window (201)
export const POST = identityRoute({ scope: AREA_SCOPES.checkIn, permission: "profile:write" }, async ({ request, caller, database, context }) => {
  const body = await readJsonBody(request, selfCheckInBodySchema);
  return identityJson(await selfCheckIn(database, caller.userId, body.event_id, context), 201);
});

// PUT, PATCH, DELETE /api/v1/users/me/check-ins - 405 in the identity error shape
export const { PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET", "POST"]);
