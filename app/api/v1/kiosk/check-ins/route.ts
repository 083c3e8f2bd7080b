import { kioskCheckIn } from "@/lib/check-in/kiosk-check-in";
import { kioskOf } from "@/lib/check-in/kiosk-campus";
import { kioskCheckInBodySchema } from "@/lib/check-in/schemas";
import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { AREA_SCOPES } from "@/lib/oauth/scopes";

export const dynamic = "force-dynamic";

// POST /api/v1/kiosk/check-ins - the adult proven present checks children in; each gets a security code, together a pickup tag (201)
export const POST = identityRoute({ scope: AREA_SCOPES.kiosk, permission: "attendance:kiosk" }, async ({ request, caller, database, context }) => {
  const body = await readJsonBody(request, kioskCheckInBodySchema);
  return identityJson(await kioskCheckIn(database, kioskOf(caller), body, context), 201);
});

// GET, PUT, PATCH, DELETE /api/v1/kiosk/check-ins - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
