import { findKioskPickup } from "@/lib/check-in/check-out";
import { kioskOf } from "@/lib/check-in/kiosk-campus";
import { kioskPickupBodySchema } from "@/lib/check-in/schemas";
import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { AREA_SCOPES } from "@/lib/oauth/scopes";

export const dynamic = "force-dynamic";

// POST /api/v1/kiosk/pickups - the children a scanned pickup tag, or an authorized adult's code, may collect now
export const POST = identityRoute({ scope: AREA_SCOPES.kiosk, permission: "attendance:kiosk" }, async ({ request, caller, database, context }) => {
  const body = await readJsonBody(request, kioskPickupBodySchema);
  return identityJson(await findKioskPickup(database, kioskOf(caller), body, context));
});

// GET, PUT, PATCH, DELETE /api/v1/kiosk/pickups - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
