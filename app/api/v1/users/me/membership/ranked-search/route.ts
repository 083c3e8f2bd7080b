import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { rankedMembershipSearch } from "@/lib/membership/endpoints";
import { rankMembershipMatches } from "@/lib/membership/rank-membership-matches";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/users/me/membership/ranked-search - unlinked register records like the query: ids, scores and campuses only (rate limited)
  handle(rankedMembershipSearch, ({ caller, body, database }) => rankMembershipMatches(database, caller.userId, body.query)),
);
