import { identityJson, identityRoute } from "@/lib/http/identity";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { listMemberSessions } from "@/lib/sessions/list-member-sessions";
import { revokeOtherMemberSessions } from "@/lib/sessions/revoke-member-session-or-throw";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/sessions/me - the member's signed-in sessions (device, browser, IP, created, last seen, current)
export const GET = identityRoute({ scope: AREA_SCOPES.sessions, permission: "sessions:read" }, async ({ caller, database }) =>
  identityJson({ sessions: await listMemberSessions(database, caller.userId, caller.sessionId) }),
);

// DELETE /api/v1/sessions/me - sign out of every session but the current one
export const DELETE = identityRoute({ scope: AREA_SCOPES.sessions, permission: "sessions:write" }, async ({ caller, database, context }) =>
  identityJson(await revokeOtherMemberSessions(database, caller.userId, caller.sessionId, context)),
);

// POST, PUT, PATCH /api/v1/sessions/me - 405 in the identity error shape
export const { POST, PUT, PATCH } = identityMethodNotAllowed(["GET", "DELETE"]);
