import { identityJson, identityRoute } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { startPasskeyRegistration } from "@/lib/passkeys/start-passkey-registration";

export const dynamic = "force-dynamic";

// POST /api/v1/users/me/passkeys/registration-options - step 1 of adding a passkey: WebAuthn creation options with a challenge bound to this session
export const POST = identityRoute({ scope: AREA_SCOPES.mfa, permission: "profile:write", recentSignIn: true }, async ({ caller, database }) =>
  identityJson(await startPasskeyRegistration(database, { userId: caller.userId, sessionId: caller.sessionId })),
);

// GET, PUT, PATCH, DELETE /api/v1/users/me/passkeys/registration-options - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
