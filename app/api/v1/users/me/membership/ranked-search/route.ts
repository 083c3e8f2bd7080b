import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { rankMembershipMatches } from "@/lib/membership/rank-membership-matches";
import { rankedSearchBodySchema } from "@/lib/membership/schemas";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/v1/users/me/membership/ranked-search - unlinked register records like the query: ids, scores and campuses only (rate limited)
export const POST = identityRoute({ scope: AREA_SCOPES.claimMembership, permission: "profile:read" }, async ({ request, caller, database }) => {
  const { query } = await readJsonBody(request, rankedSearchBodySchema);
  return identityJson(await rankMembershipMatches(database, caller.userId, query));
});

// GET, PUT, PATCH, DELETE /api/v1/users/me/membership/ranked-search - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
