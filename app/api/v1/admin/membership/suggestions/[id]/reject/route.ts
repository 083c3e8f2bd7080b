import { rejectMembershipSuggestion } from "@/lib/membership/reject-membership-suggestion";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/membership/suggestions/{id}/reject - staff could not confirm the request; the member may ask again
export const POST = identityRoute<{ id: string }>({ staff: true, permission: "membership:write" }, async ({ caller, params, database, context }) =>
  identityJson(await rejectMembershipSuggestion(database, caller.userId, params.id, context)),
);

// GET, PUT, PATCH, DELETE /api/v1/admin/membership/suggestions/{id}/reject - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
