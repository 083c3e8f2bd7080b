import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { adminListUsers } from "@/lib/users/endpoints";
import { listUsers } from "@/lib/users/list-users";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/users - accounts, searched by email or name, filtered by status, sorted and paged
  handle(adminListUsers, ({ query, database }) => listUsers(database, query)),
);
