import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { challengeMembership as challengeMembershipOf } from "@/lib/membership/challenge-membership";
import { challengeMembership } from "@/lib/membership/endpoints";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/users/me/membership/challenge - a code to the record's contact on file, answered masked
  handle(challengeMembership, ({ caller, body, database, context }) => challengeMembershipOf(database, caller.userId, body.membership_id, context)),
);
