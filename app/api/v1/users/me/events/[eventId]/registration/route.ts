import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { getEventRegistration, registerForEvent } from "@/lib/registrations/endpoints";
import { getEventRegistrationView } from "@/lib/registrations/get-event-registration-view";
import { registerPeople } from "@/lib/registrations/register-people";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/users/me/events/{eventId}/registration - the event's sign-up, and whom the member may sign up with their registrations
  handle(getEventRegistration, ({ caller, params, database }) => getEventRegistrationView(database, caller.userId, params.eventId)),
  // POST /api/v1/users/me/events/{eventId}/registration - sign the member and/or household children up; a place each, or the waitlist (201)
  handle(registerForEvent, async ({ caller, params, body, database }) => ({ registrations: await registerPeople(database, caller.userId, params.eventId, body.person_ids) })),
);
