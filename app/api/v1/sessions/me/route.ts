import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { listMySessions, signOutOtherSessions } from "@/lib/sessions/endpoints";
import { listMemberSessions } from "@/lib/sessions/list-member-sessions";
import { revokeOtherMemberSessions } from "@/lib/sessions/revoke-member-session-or-throw";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/sessions/me - the member's signed-in sessions (device, browser, IP, created, last seen, current)
  handle(listMySessions, async ({ caller, database }) => ({ sessions: await listMemberSessions(database, caller.userId, caller.sessionId) })),
  // DELETE /api/v1/sessions/me - sign out of every session but the current one
  handle(signOutOtherSessions, ({ caller, database, context }) => revokeOtherMemberSessions(database, caller.userId, caller.sessionId, context)),
);
