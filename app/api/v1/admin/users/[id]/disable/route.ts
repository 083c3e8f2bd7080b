import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { disableUser } from "@/lib/users/disable-user";
import { adminDisableUser } from "@/lib/users/endpoints";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/admin/users/{id}/disable - no more sign-ins; every session, grant and token of the account revoked at once; a staff or volunteer account needs its permissions and a recent sign-in
  handle(adminDisableUser, ({ caller, params, database, context }) => disableUser(database, { id: caller.userId, authTime: caller.authTime }, params.id, context)),
);
