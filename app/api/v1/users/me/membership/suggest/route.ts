import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { membershipIdBodySchema } from "@/lib/membership/schemas";
import { suggestMembershipLink } from "@/lib/membership/suggest-membership-link";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/v1/users/me/membership/suggest - ask church staff to link the record to the member (idempotent)
export const POST = identityRoute({ scope: AREA_SCOPES.claimMembership, permission: "profile:write" }, async ({ request, caller, database, context }) => {
  const { membership_id } = await readJsonBody(request, membershipIdBodySchema);
  return identityJson(await suggestMembershipLink(database, caller.userId, membership_id, context));
});

// GET, PUT, PATCH, DELETE /api/v1/users/me/membership/suggest - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
