import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { regenerateRecoveryCodes } from "@/lib/mfa/regenerate-recovery-codes";
import { totpCodeBodySchema } from "@/lib/mfa/schemas";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/v1/users/me/mfa/recovery-codes - a new set of ten recovery codes (the old ones stop working), with a current code
export const POST = identityRoute({ scope: AREA_SCOPES.mfa, permission: "profile:write", recentSignIn: true }, async ({ request, caller, database, context }) => {
  const { code } = await readJsonBody(request, totpCodeBodySchema);
  return identityJson(await regenerateRecoveryCodes(database, caller.userId, code, context));
});

// GET, PUT, PATCH, DELETE /api/v1/users/me/mfa/recovery-codes - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
