import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { approveMembershipSuggestion } from "@/lib/membership/approve-membership-suggestion";
import { adminApproveMembershipSuggestion } from "@/lib/membership/endpoints";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/admin/membership/suggestions/{id}/approve - link the record to the member who asked; their other requests close
  handle(adminApproveMembershipSuggestion, ({ caller, params, database, context }) => approveMembershipSuggestion(database, caller.userId, params.id, context)),
);
