import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { listMySecurityEvents } from "@/lib/security-log/endpoints";
import { listSecurityEvents } from "@/lib/security-log/list-security-events";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/users/me/security-events - the member's security log, newest first, cursor-paged
  handle(listMySecurityEvents, ({ caller, query, database }) => listSecurityEvents(database, caller.userId, query.limit, query.cursor)),
);
