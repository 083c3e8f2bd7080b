import { listRoles } from "@/lib/users/list-roles";
import { rolesQuerySchema } from "@/lib/users/staff-schemas";
import { identityJson, identityRoute, readQuery } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/roles - every role with its permissions
export const GET = identityRoute({ staff: true, permission: "users:read" }, async ({ request, database }) => identityJson(await listRoles(database, readQuery(request, rolesQuerySchema))));

// POST, PUT, PATCH, DELETE /api/v1/admin/roles - 405 in the identity error shape
export const { POST, PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET"]);
