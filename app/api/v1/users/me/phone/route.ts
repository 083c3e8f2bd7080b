import { startPhoneVerificationBodySchema } from "@/lib/contacts/schemas";
import { startPhoneVerification } from "@/lib/contacts/start-phone-verification";
import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/v1/users/me/phone - text a code to an E.164 number to verify it (calling again resends; rate limited)
export const POST = identityRoute({ scope: AREA_SCOPES.recovery, permission: "profile:write", recentSignIn: true }, async ({ request, caller, database, context }) => {
  const { phone } = await readJsonBody(request, startPhoneVerificationBodySchema);
  return identityJson(await startPhoneVerification(database, caller.userId, phone, context));
});

// GET, PUT, PATCH, DELETE /api/v1/users/me/phone - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
