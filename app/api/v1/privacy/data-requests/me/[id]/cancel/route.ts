import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { cancelDeletionRequestOrThrow } from "@/lib/privacy/cancel-deletion-request-or-throw";
import { cancelDeletionRequest } from "@/lib/privacy/endpoints";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/privacy/data-requests/me/{id}/cancel - call off a pending deletion (200 with the request, cancelled)
  handle(cancelDeletionRequest, ({ caller, params, database, context }) => cancelDeletionRequestOrThrow(database, caller.userId, params.id, context)),
);
