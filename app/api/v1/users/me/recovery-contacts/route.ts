import { addRecoveryContact } from "@/lib/contacts/add-recovery-contact";
import { listRecoveryContacts } from "@/lib/contacts/list-recovery-contacts";
import { createRecoveryContactBodySchema } from "@/lib/contacts/schemas";
import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/users/me/recovery-contacts - the member's recovery contacts, values masked
export const GET = identityRoute({ scope: AREA_SCOPES.recovery, permission: "profile:read" }, async ({ caller, database }) =>
  identityJson({ contacts: await listRecoveryContacts(database, caller.userId) }),
);

// POST /api/v1/users/me/recovery-contacts - add an email address or E.164 number; a code is sent to it (201 pending_verification)
export const POST = identityRoute({ scope: AREA_SCOPES.recovery, permission: "profile:write", recentSignIn: true }, async ({ request, caller, database, context }) => {
  const { value } = await readJsonBody(request, createRecoveryContactBodySchema);
  return identityJson(await addRecoveryContact(database, caller.userId, value, context), 201);
});

// PUT, PATCH, DELETE /api/v1/users/me/recovery-contacts - 405 in the identity error shape
export const { PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET", "POST"]);
