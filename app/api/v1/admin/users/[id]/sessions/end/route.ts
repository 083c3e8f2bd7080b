import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { endUserSessions } from "@/lib/users/end-user-sessions";
import { adminEndUserSessions } from "@/lib/users/endpoints";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/admin/users/{id}/sessions/end - sign the member out everywhere: every session and grant revoked at once; the account stays enabled; a staff or volunteer account needs its permissions and a recent sign-in
  handle(adminEndUserSessions, ({ caller, params, database, context }) => endUserSessions(database, { id: caller.userId, authTime: caller.authTime }, params.id, context)),
);
