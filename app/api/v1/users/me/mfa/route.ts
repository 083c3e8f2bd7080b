import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { disableTotp } from "@/lib/mfa/disable-totp";
import { getMfaState } from "@/lib/mfa/get-mfa-state";
import { disableMfaBodySchema } from "@/lib/mfa/schemas";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/users/me/mfa - whether TOTP is off, pending or on, and how many recovery codes are left
export const GET = identityRoute({ scope: AREA_SCOPES.mfa, permission: "profile:read" }, async ({ caller, database }) => identityJson(await getMfaState(database, caller.userId)));

// DELETE /api/v1/users/me/mfa - turn TOTP off, with a current code or a recovery code
export const DELETE = identityRoute({ scope: AREA_SCOPES.mfa, permission: "profile:write", recentSignIn: true }, async ({ request, caller, database, context }) => {
  const { code } = await readJsonBody(request, disableMfaBodySchema);
  return identityJson(await disableTotp(database, caller.userId, code, context));
});

// POST, PUT, PATCH /api/v1/users/me/mfa - 405 in the identity error shape
export const { POST, PUT, PATCH } = identityMethodNotAllowed(["GET", "DELETE"]);
