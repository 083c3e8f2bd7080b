import { enableUser } from "@/lib/admin/manage-users";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { requestContext } from "@/lib/http/request-context";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/users/{id}/enable - the account may sign in again
export const POST = identityRoute<{ id: string }>({ staff: true, permission: "users:write" }, async ({ request, caller, params }) =>
  identityJson(await enableUser(caller.userId, params.id, requestContext(request.headers))),
);

// GET, PUT, PATCH, DELETE /api/v1/admin/users/{id}/enable - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
