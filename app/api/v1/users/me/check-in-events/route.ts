import { listSelfCheckInEvents } from "@/lib/check-in/list-self-check-in-events";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { AREA_SCOPES } from "@/lib/oauth/scopes";

export const dynamic = "force-dynamic";

// GET /api/v1/users/me/check-in-events - the events the member may check themselves in to now
export const GET = identityRoute({ scope: AREA_SCOPES.checkIn, permission: "profile:read" }, async ({ caller, database }) => identityJson(await listSelfCheckInEvents(database, caller.userId)));

// POST, PUT, PATCH, DELETE /api/v1/users/me/check-in-events - 405 in the identity error shape
export const { POST, PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET"]);
