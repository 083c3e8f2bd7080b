import { identityJson, identityRoute } from "@/lib/http/identity";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { revokeMemberSessionOrThrow } from "@/lib/sessions/revoke-member-session-or-throw";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// DELETE /api/v1/sessions/me/{id} - sign one session out; its tokens stop working at once
export const DELETE = identityRoute<{ id: string }>({ scope: AREA_SCOPES.sessions, permission: "sessions:write" }, async ({ caller, params, database, context }) =>
  identityJson(await revokeMemberSessionOrThrow(database, caller.userId, params.id, context)),
);

// GET, POST, PUT, PATCH /api/v1/sessions/me/[id] - 405 in the identity error shape
export const { GET, POST, PUT, PATCH } = identityMethodNotAllowed(["DELETE"]);
