import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { adminListUserSecurityEvents } from "@/lib/users/endpoints";
import { listStaffUserSecurityEvents } from "@/lib/users/list-staff-user-security-events";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/users/{id}/security-events - the member's security log, newest first, cursor-paged
  handle(adminListUserSecurityEvents, ({ params, query, database }) => listStaffUserSecurityEvents(database, params.id, query.limit, query.cursor)),
);
