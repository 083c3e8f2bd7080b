import { enableUser } from "@/lib/users/enable-user";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/users/{id}/enable - the account may sign in again; a staff or volunteer account needs its permissions and a recent sign-in
export const POST = identityRoute<{ id: string }>({ staff: true, permission: "users:write" }, async ({ caller, params, database, context }) =>
  identityJson(await enableUser(database, { id: caller.userId, authTime: caller.authTime }, params.id, context)),
);

// GET, PUT, PATCH, DELETE /api/v1/admin/users/{id}/enable - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
