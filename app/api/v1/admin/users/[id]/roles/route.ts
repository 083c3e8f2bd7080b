import { setUserRoles } from "@/lib/users/set-user-roles";
import { setUserRolesBodySchema } from "@/lib/users/staff-schemas";
import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// PUT /api/v1/admin/users/{id}/roles - the account holds exactly these roles (guardian aside); permissions change at once; needs a recent sign-in
export const PUT = identityRoute<{ id: string }>({ staff: true, permission: "roles:write", recentSignIn: true }, async ({ request, caller, params, database, context }) => {
  const { roles } = await readJsonBody(request, setUserRolesBodySchema);
  return identityJson(await setUserRoles(database, { id: caller.userId, authTime: caller.authTime }, params.id, roles, context));
});

// GET, POST, PATCH, DELETE /api/v1/admin/users/{id}/roles - 405 in the identity error shape
export const { GET, POST, PATCH, DELETE } = identityMethodNotAllowed(["PUT"]);
