import { identityJson, identityRoute } from "@/lib/http/identity";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { cancelDeletionRequestOrThrow } from "@/lib/privacy/cancel-deletion-request-or-throw";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/v1/privacy/data-requests/me/{id}/cancel - call off a pending deletion (200 with the request, cancelled)
export const POST = identityRoute<{ id: string }>({ scope: AREA_SCOPES.privacy, permission: "profile:write" }, async ({ caller, params, database, context }) =>
  identityJson(await cancelDeletionRequestOrThrow(database, caller.userId, params.id, context)),
);

// GET, PUT, PATCH, DELETE /api/v1/privacy/data-requests/me/[id]/cancel - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
