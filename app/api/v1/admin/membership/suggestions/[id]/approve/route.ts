import { approveMembershipSuggestion } from "@/lib/membership/approve-membership-suggestion";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/membership/suggestions/{id}/approve - link the record to the member who asked; their other requests close
export const POST = identityRoute<{ id: string }>({ staff: true, permission: "membership:write" }, async ({ caller, params, database, context }) =>
  identityJson(await approveMembershipSuggestion(database, caller.userId, params.id, context)),
);

// GET, PUT, PATCH, DELETE /api/v1/admin/membership/suggestions/{id}/approve - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
