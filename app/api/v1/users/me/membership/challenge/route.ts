import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { challengeMembership } from "@/lib/membership/challenge-membership";
import { membershipIdBodySchema } from "@/lib/membership/schemas";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/v1/users/me/membership/challenge - a code to the record's contact on file, answered masked
export const POST = identityRoute({ scope: AREA_SCOPES.claimMembership, permission: "profile:write" }, async ({ request, caller, database, context }) => {
  const { membership_id } = await readJsonBody(request, membershipIdBodySchema);
  return identityJson(await challengeMembership(database, caller.userId, membership_id, context));
});

// GET, PUT, PATCH, DELETE /api/v1/users/me/membership/challenge - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
