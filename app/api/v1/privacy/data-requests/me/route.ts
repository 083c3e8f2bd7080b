import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { requestContext } from "@/lib/http/request-context";
import { createDataRequest } from "@/lib/privacy/create-data-request";
import { listDataRequests } from "@/lib/privacy/list-data-requests";
import { createDataRequestBodySchema } from "@/lib/privacy/schemas";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/privacy/data-requests/me - the member's exports and deletion requests, newest first
export const GET = identityRoute({ permission: "profile:read" }, async ({ caller }) => identityJson({ requests: await listDataRequests(caller.userId) }));

// POST /api/v1/privacy/data-requests/me - an export (built at once, 201 fulfilled) or a deletion (201 pending for the grace period)
export const POST = identityRoute({ permission: "profile:write" }, async ({ request, caller }) => {
  const { type } = await readJsonBody(request, createDataRequestBodySchema);
  return identityJson(await createDataRequest(caller.userId, type, requestContext(request.headers)), 201);
});

// PUT, PATCH, DELETE /api/v1/privacy/data-requests/me - 405 in the identity error shape
export const { PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET", "POST"]);
