import { listUsers } from "@/lib/users/list-users";
import { adminUsersQuerySchema } from "@/lib/users/staff-schemas";
import { identityJson, identityRoute, readQuery } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/users - accounts, searched by email or name, filtered by status, sorted and paged
export const GET = identityRoute({ staff: true, permission: "users:read" }, async ({ request, database }) => identityJson(await listUsers(database, readQuery(request, adminUsersQuerySchema))));

// POST, PUT, PATCH, DELETE /api/v1/admin/users - 405 in the identity error shape
export const { POST, PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET"]);
