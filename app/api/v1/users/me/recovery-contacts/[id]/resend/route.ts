import { resendRecoveryContactCode } from "@/lib/contacts/resend-recovery-contact-code";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/v1/users/me/recovery-contacts/{id}/resend - a new code for a pending contact (rate limited)
export const POST = identityRoute<{ id: string }>({ scope: AREA_SCOPES.recovery, permission: "profile:write" }, async ({ caller, params, database, context }) =>
  identityJson(await resendRecoveryContactCode(database, caller.userId, params.id, context)),
);

// GET, PUT, PATCH, DELETE /api/v1/users/me/recovery-contacts/[id]/resend - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
