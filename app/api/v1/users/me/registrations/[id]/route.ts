import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { cancelRegistration as cancelRegistrationOf } from "@/lib/registrations/cancel-registration";
import { cancelRegistration } from "@/lib/registrations/endpoints";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // DELETE /api/v1/users/me/registrations/{id} - cancel a sign-up (the member's or a household child's); the waitlist moves up
  handle(cancelRegistration, ({ caller, params, database }) => cancelRegistrationOf(database, caller.userId, params.id)),
);
