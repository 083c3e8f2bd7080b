import { addRecoveryContact } from "@/lib/contacts/add-recovery-contact";
import { listRecoveryContacts } from "@/lib/contacts/list-recovery-contacts";
import { createRecoveryContactBodySchema } from "@/lib/contacts/schemas";
import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { requestContext } from "@/lib/http/request-context";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/users/me/recovery-contacts - the member's recovery contacts, values masked
export const GET = identityRoute({ scope: AREA_SCOPES.recovery, permission: "profile:read" }, async ({ caller }) =>
  identityJson({ contacts: await listRecoveryContacts(caller.userId) }),
);

// POST /api/v1/users/me/recovery-contacts - add an email address or E.164 number; a code is sent to it (201 pending_verification)
export const POST = identityRoute({ scope: AREA_SCOPES.recovery, permission: "profile:write", recentSignIn: true }, async ({ request, caller }) => {
  const { value } = await readJsonBody(request, createRecoveryContactBodySchema);
  return identityJson(await addRecoveryContact(caller.userId, value, requestContext(request.headers)), 201);
});

// PUT, PATCH, DELETE /api/v1/users/me/recovery-contacts - 405 in the identity error shape
export const { PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET", "POST"]);
