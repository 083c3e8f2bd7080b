import { identityJson, identityRoute } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { getMySchedule } from "@/lib/schedule/get-my-schedule";

export const dynamic = "force-dynamic";

// GET /api/v1/users/me/schedule - the household's sign-ups (places and waitlist) and the upcoming events for its audiences
export const GET = identityRoute({ scope: AREA_SCOPES.calendar, permission: "profile:read" }, async ({ caller, database }) => identityJson(await getMySchedule(database, caller.userId)));

// POST, PUT, PATCH, DELETE /api/v1/users/me/schedule - 405 in the identity error shape
export const { POST, PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET"]);
