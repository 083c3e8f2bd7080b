import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { adminListUserSessions } from "@/lib/users/endpoints";
import { listStaffUserSessions } from "@/lib/users/list-staff-user-sessions";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/users/{id}/sessions - where the member is signed in: device, browser, IP, created, last seen (never a token)
  handle(adminListUserSessions, ({ params, database }) => listStaffUserSessions(database, params.id)),
);
