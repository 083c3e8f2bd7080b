import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { adminGetEventRegistrations, adminSetEventRegistration } from "@/lib/registrations/endpoints";
import { getAdminEventRegistrationsOrThrow } from "@/lib/registrations/get-admin-event-registrations-or-throw";
import { setRegistrationSettings } from "@/lib/registrations/set-registration-settings";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/events/{id}/registration - the event's sign-up settings, counts, places and waitlist
  handle(adminGetEventRegistrations, ({ params, database }) => getAdminEventRegistrationsOrThrow(database, params.id)),
  // PUT /api/v1/admin/events/{id}/registration - open or close sign-up, its window and waitlist; free places go to the waitlist
  handle(adminSetEventRegistration, ({ params, body, database }) => setRegistrationSettings(database, params.id, body)),
);
