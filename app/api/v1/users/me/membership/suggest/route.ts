import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { suggestMembershipLink } from "@/lib/membership/endpoints";
import { suggestMembershipLink as suggestMembershipLinkOf } from "@/lib/membership/suggest-membership-link";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/users/me/membership/suggest - ask church staff to link the record to the member (idempotent)
  handle(suggestMembershipLink, ({ caller, body, database, context }) => suggestMembershipLinkOf(database, caller.userId, body.membership_id, context)),
);
