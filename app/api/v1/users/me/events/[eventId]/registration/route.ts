import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { getEventRegistrationView } from "@/lib/registrations/get-event-registration-view";
import { registerPeople } from "@/lib/registrations/register-people";
import { registerBodySchema } from "@/lib/registrations/schemas";

export const dynamic = "force-dynamic";

// GET /api/v1/users/me/events/{eventId}/registration - the event's sign-up, and whom the member may sign up with their registrations
export const GET = identityRoute<{ eventId: string }>({ scope: AREA_SCOPES.calendar, permission: "profile:read" }, async ({ caller, params, database }) =>
  identityJson(await getEventRegistrationView(database, caller.userId, params.eventId)),
);

// POST /api/v1/users/me/events/{eventId}/registration - sign the member and/or household children up; a place each, or the waitlist (201)
export const POST = identityRoute<{ eventId: string }>({ scope: AREA_SCOPES.calendar, permission: "profile:write" }, async ({ request, caller, params, database }) => {
  const body = await readJsonBody(request, registerBodySchema);
  return identityJson({ registrations: await registerPeople(database, caller.userId, params.eventId, body.person_ids) }, 201);
});

// PUT, PATCH, DELETE /api/v1/users/me/events/{eventId}/registration - 405 in the identity error shape
export const { PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET", "POST"]);
