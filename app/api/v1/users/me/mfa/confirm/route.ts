import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { confirmTotp } from "@/lib/mfa/confirm-totp";
import { totpCodeBodySchema } from "@/lib/mfa/schemas";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/v1/users/me/mfa/confirm - step 2 of TOTP enrolment: a current code turns it on; answers ten recovery codes
export const POST = identityRoute({ scope: AREA_SCOPES.mfa, permission: "profile:write", recentSignIn: true }, async ({ request, caller, database, context }) => {
  const { code } = await readJsonBody(request, totpCodeBodySchema);
  return identityJson(await confirmTotp(database, caller.userId, code, context));
});

// GET, PUT, PATCH, DELETE /api/v1/users/me/mfa/confirm - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
