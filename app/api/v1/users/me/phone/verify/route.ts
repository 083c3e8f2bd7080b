import { contactCodeBodySchema } from "@/lib/contacts/schemas";
import { verifyPhone } from "@/lib/contacts/verify-phone";
import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/v1/users/me/phone/verify - the texted code: { verified: true } makes it the account's phone, { verified: false } for a wrong code
export const POST = identityRoute({ scope: AREA_SCOPES.recovery, permission: "profile:write" }, async ({ request, caller, database, context }) => {
  const { code } = await readJsonBody(request, contactCodeBodySchema);
  return identityJson(await verifyPhone(database, caller.userId, code, context));
});

// GET, PUT, PATCH, DELETE /api/v1/users/me/phone/verify - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
