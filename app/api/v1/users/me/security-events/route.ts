import { identityJson, identityRoute, readQuery } from "@/lib/http/identity";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { listSecurityEvents } from "@/lib/security-log/list-security-events";
import { securityEventsQuerySchema } from "@/lib/security-log/schemas";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/users/me/security-events - the member's security log, newest first, cursor-paged
export const GET = identityRoute({ scope: AREA_SCOPES.sessions, permission: "profile:read" }, async ({ request, caller, database }) => {
  const query = readQuery(request, securityEventsQuerySchema);
  return identityJson(await listSecurityEvents(database, caller.userId, query.limit, query.cursor));
});

// POST, PUT, PATCH, DELETE /api/v1/users/me/security-events - 405 in the identity error shape
export const { POST, PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET"]);
