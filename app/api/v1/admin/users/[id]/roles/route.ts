import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { adminSetUserRoles } from "@/lib/users/endpoints";
import { setUserRoles } from "@/lib/users/set-user-roles";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // PUT /api/v1/admin/users/{id}/roles - the account holds exactly these roles (guardian aside); permissions change at once; needs a recent sign-in
  handle(adminSetUserRoles, ({ caller, params, body, database, context }) => setUserRoles(database, { id: caller.userId, authTime: caller.authTime }, params.id, body.roles, context)),
);
