import { listRoles } from "@/lib/admin/manage-users";
import { rolesQuerySchema } from "@/lib/admin/schemas";
import { identityJson, identityRoute, readQuery } from "@/lib/http/identity";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/roles - every role with its permissions
export const GET = identityRoute({ permission: "users:read" }, async ({ request }) => identityJson(await listRoles(readQuery(request, rolesQuerySchema))));
