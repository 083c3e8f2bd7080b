import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { adminGetUserParticipation } from "@/lib/users/endpoints";
import { getStaffUserParticipationOrThrow } from "@/lib/users/get-staff-user-participation-or-throw";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/users/{id}/participation - a person's sign-ups (events:read), check-ins (attendance:read) and, for a child, pickup list (families:read)
  handle(adminGetUserParticipation, ({ params, caller, database }) => getStaffUserParticipationOrThrow(database, params.id, caller)),
);
