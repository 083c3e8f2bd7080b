import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { signOutSession } from "@/lib/sessions/endpoints";
import { revokeMemberSessionOrThrow } from "@/lib/sessions/revoke-member-session-or-throw";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // DELETE /api/v1/sessions/me/{id} - sign one session out; its tokens stop working at once
  handle(signOutSession, ({ caller, params, database, context }) => revokeMemberSessionOrThrow(database, caller.userId, params.id, context)),
);
