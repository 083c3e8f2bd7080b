import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { adminRejectMembershipSuggestion } from "@/lib/membership/endpoints";
import { rejectMembershipSuggestion } from "@/lib/membership/reject-membership-suggestion";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/admin/membership/suggestions/{id}/reject - staff could not confirm the request; the member may ask again
  handle(adminRejectMembershipSuggestion, ({ caller, params, database, context }) => rejectMembershipSuggestion(database, caller.userId, params.id, context)),
);
