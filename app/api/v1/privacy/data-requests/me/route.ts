import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { requireRecentSignIn } from "@/lib/http/identity";
import { createDataRequest as createDataRequestOf } from "@/lib/privacy/create-data-request";
import { createDataRequest, listMyDataRequests } from "@/lib/privacy/endpoints";
import { listDataRequests } from "@/lib/privacy/list-data-requests";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/privacy/data-requests/me - the member's exports and deletion requests, newest first
  handle(listMyDataRequests, async ({ caller, database }) => ({ requests: await listDataRequests(database, caller.userId) })),
  // POST /api/v1/privacy/data-requests/me - an export (built at once, 201 fulfilled) or a deletion (201 pending for the grace period; needs a recent sign-in)
  handle(createDataRequest, ({ caller, body: { type }, database, context }) => {
    if (type === "deletion") requireRecentSignIn(caller);
    return createDataRequestOf(database, caller.userId, type, context);
  }),
);
