import { identityJson, identityRoute } from "@/lib/http/identity";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { startTotpSetup } from "@/lib/mfa/start-totp-setup";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/v1/users/me/mfa/setup - step 1 of TOTP enrolment: a pending secret as an otpauth:// URL
export const POST = identityRoute({ scope: AREA_SCOPES.mfa, permission: "profile:write", recentSignIn: true }, async ({ caller, database }) => identityJson(await startTotpSetup(database, caller.userId)));

// GET, PUT, PATCH, DELETE /api/v1/users/me/mfa/setup - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
