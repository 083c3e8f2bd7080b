import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { verifyMembershipBodySchema } from "@/lib/membership/schemas";
import { verifyMembership } from "@/lib/membership/verify-membership";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/v1/users/me/membership/verify - the code from the record's contact links the record to the member
export const POST = identityRoute({ scope: AREA_SCOPES.claimMembership, permission: "profile:write" }, async ({ request, caller, database, context }) => {
  const { membership_id, code } = await readJsonBody(request, verifyMembershipBodySchema);
  return identityJson(await verifyMembership(database, caller.userId, membership_id, code, context));
});

// GET, PUT, PATCH, DELETE /api/v1/users/me/membership/verify - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
