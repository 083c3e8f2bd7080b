import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { enableUser } from "@/lib/users/enable-user";
import { adminEnableUser } from "@/lib/users/endpoints";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/admin/users/{id}/enable - the account may sign in again; a staff or volunteer account needs its permissions and a recent sign-in
  handle(adminEnableUser, ({ caller, params, database, context }) => enableUser(database, { id: caller.userId, authTime: caller.authTime }, params.id, context)),
);
