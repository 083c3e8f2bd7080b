import { identityJson, identityRoute, readJsonBody, requireRecentSignIn } from "@/lib/http/identity";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { createDataRequest } from "@/lib/privacy/create-data-request";
import { listDataRequests } from "@/lib/privacy/list-data-requests";
import { createDataRequestBodySchema } from "@/lib/privacy/schemas";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/privacy/data-requests/me - the member's exports and deletion requests, newest first
export const GET = identityRoute({ scope: AREA_SCOPES.privacy, permission: "profile:read" }, async ({ caller, database }) => identityJson({ requests: await listDataRequests(database, caller.userId) }));

// POST /api/v1/privacy/data-requests/me - an export (built at once, 201 fulfilled) or a deletion (201 pending for the grace period; needs a recent sign-in)
export const POST = identityRoute({ scope: AREA_SCOPES.privacy, permission: "profile:write" }, async ({ request, caller, database, context }) => {
  const { type } = await readJsonBody(request, createDataRequestBodySchema);
  if (type === "deletion") requireRecentSignIn(caller);
  return identityJson(await createDataRequest(database, caller.userId, type, context), 201);
});

// PUT, PATCH, DELETE /api/v1/privacy/data-requests/me - 405 in the identity error shape
export const { PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET", "POST"]);
