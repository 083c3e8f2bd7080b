import { setUserRoles } from "@/lib/admin/manage-users";
import { setUserRolesBodySchema } from "@/lib/admin/schemas";
import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { requestContext } from "@/lib/http/request-context";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// PUT /api/v1/admin/users/{id}/roles - the account holds exactly these roles (guardian aside); permissions change at once; needs a recent sign-in
export const PUT = identityRoute<{ id: string }>({ staff: true, permission: "roles:write", recentSignIn: true }, async ({ request, caller, params }) => {
  const { roles } = await readJsonBody(request, setUserRolesBodySchema);
  return identityJson(await setUserRoles(caller.userId, params.id, roles, requestContext(request.headers)));
});

// GET, POST, PATCH, DELETE /api/v1/admin/users/{id}/roles - 405 in the identity error shape
export const { GET, POST, PATCH, DELETE } = identityMethodNotAllowed(["PUT"]);
