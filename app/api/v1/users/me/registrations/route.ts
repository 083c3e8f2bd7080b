import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { listMyRegistrations } from "@/lib/registrations/endpoints";
import { listMyRegistrations as listMyRegistrationsOf } from "@/lib/registrations/list-my-registrations";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/users/me/registrations - the live sign-ups of the member and their household's children for events not yet ended
  handle(listMyRegistrations, ({ caller, database }) => listMyRegistrationsOf(database, caller.userId)),
);
