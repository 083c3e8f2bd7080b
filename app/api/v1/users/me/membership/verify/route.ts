import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { verifyMembership } from "@/lib/membership/endpoints";
import { verifyMembership as verifyMembershipOf } from "@/lib/membership/verify-membership";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/users/me/membership/verify - the code from the record's contact links the record to the member
  handle(verifyMembership, ({ caller, body, database, context }) => verifyMembershipOf(database, caller.userId, body.membership_id, body.code, context)),
);
