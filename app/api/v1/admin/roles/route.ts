import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { adminListRoles } from "@/lib/users/endpoints";
import { listRoles } from "@/lib/users/list-roles";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/roles - every role with its permissions
  handle(adminListRoles, ({ query, database }) => listRoles(database, query)),
);
