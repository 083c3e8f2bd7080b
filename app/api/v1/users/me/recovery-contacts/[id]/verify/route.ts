import { contactCodeBodySchema } from "@/lib/contacts/schemas";
import { verifyRecoveryContact } from "@/lib/contacts/verify-recovery-contact";
import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/v1/users/me/recovery-contacts/{id}/verify - the code sent to the contact makes it verified
export const POST = identityRoute<{ id: string }>({ scope: AREA_SCOPES.recovery, permission: "profile:write" }, async ({ request, caller, params, database, context }) => {
  const { code } = await readJsonBody(request, contactCodeBodySchema);
  return identityJson(await verifyRecoveryContact(database, caller.userId, params.id, code, context));
});

// GET, PUT, PATCH, DELETE /api/v1/users/me/recovery-contacts/[id]/verify - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
