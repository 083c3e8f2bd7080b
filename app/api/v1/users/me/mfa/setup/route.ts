import { identityJson, identityRoute } from "@/lib/http/identity";
import { startTotpSetup } from "@/lib/mfa/start-totp-setup";

export const dynamic = "force-dynamic";

// POST /api/v1/users/me/mfa/setup - step 1 of TOTP enrolment: a pending secret as an otpauth:// URL
export const POST = identityRoute({ permission: "profile:write" }, async ({ caller }) => identityJson(await startTotpSetup(caller.userId)));
