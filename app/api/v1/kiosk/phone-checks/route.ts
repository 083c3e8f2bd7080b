import { kioskOf } from "@/lib/check-in/kiosk-campus";
import { startKioskPhoneCheck } from "@/lib/check-in/phone-check";
import { startPhoneCheckBodySchema } from "@/lib/check-in/schemas";
import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { AREA_SCOPES } from "@/lib/oauth/scopes";

export const dynamic = "force-dynamic";

// POST /api/v1/kiosk/phone-checks - text a code to a household's phone; the same answer whether or not it is one (201)
export const POST = identityRoute({ scope: AREA_SCOPES.kiosk, permission: "attendance:kiosk" }, async ({ request, caller, database, context }) => {
  const body = await readJsonBody(request, startPhoneCheckBodySchema);
  return identityJson(await startKioskPhoneCheck(database, kioskOf(caller), body, context), 201);
});

// GET, PUT, PATCH, DELETE /api/v1/kiosk/phone-checks - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
