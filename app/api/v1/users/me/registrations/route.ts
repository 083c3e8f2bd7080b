import { identityJson, identityRoute } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { listMyRegistrations } from "@/lib/registrations/list-my-registrations";

export const dynamic = "force-dynamic";

// GET /api/v1/users/me/registrations - the live sign-ups of the member and their household's children for events not yet ended
export const GET = identityRoute({ scope: AREA_SCOPES.calendar, permission: "profile:read" }, async ({ caller, database }) => identityJson(await listMyRegistrations(database, caller.userId)));

// POST, PUT, PATCH, DELETE /api/v1/users/me/registrations - 405 in the identity error shape
export const { POST, PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET"]);
