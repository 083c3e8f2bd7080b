import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { finishPasskeyRegistration } from "@/lib/passkeys/finish-passkey-registration";
import { listPasskeys } from "@/lib/passkeys/list-passkeys";
import { createPasskeyBodySchema } from "@/lib/passkeys/schemas";

export const dynamic = "force-dynamic";

// GET /api/v1/users/me/passkeys - the member's passkeys: names, dates, synced or not (never key material)
export const GET = identityRoute({ scope: AREA_SCOPES.mfa, permission: "profile:read" }, async ({ caller, database }) => identityJson(await listPasskeys(database, caller.userId)));

// POST /api/v1/users/me/passkeys - step 2 of adding a passkey: the browser's answer to this session's waiting challenge; 201 with the passkey
export const POST = identityRoute({ scope: AREA_SCOPES.mfa, permission: "profile:write", recentSignIn: true }, async ({ request, caller, database, context }) => {
  const body = await readJsonBody(request, createPasskeyBodySchema);
  return identityJson(await finishPasskeyRegistration(database, { userId: caller.userId, sessionId: caller.sessionId, body, context }), 201);
});

// PUT, PATCH, DELETE /api/v1/users/me/passkeys - 405 in the identity error shape
export const { PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET", "POST"]);
