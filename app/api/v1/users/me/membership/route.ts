import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { getMyMembership } from "@/lib/membership/endpoints";
import { getMyMembership as getMyMembershipOf } from "@/lib/membership/get-my-membership";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/users/me/membership - the membership record linked to the member, and their requests waiting for staff
  handle(getMyMembership, ({ caller, database }) => getMyMembershipOf(database, caller.userId)),
);
