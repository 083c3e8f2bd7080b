import { listStaffUserSecurityEvents } from "@/lib/users/list-staff-user-security-events";
import { adminUserSecurityEventsQuerySchema } from "@/lib/users/staff-schemas";
import { identityJson, identityRoute, readQuery } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/users/{id}/security-events - the member's security log, newest first, cursor-paged
export const GET = identityRoute<{ id: string }>({ staff: true, permission: "users:read" }, async ({ request, params, database }) => {
  const { limit, cursor } = readQuery(request, adminUserSecurityEventsQuerySchema);
  return identityJson(await listStaffUserSecurityEvents(database, params.id, limit, cursor));
});

// POST, PUT, PATCH, DELETE /api/v1/admin/users/{id}/security-events - 405 in the identity error shape
export const { POST, PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET"]);
