import { kioskCheckOut } from "@/lib/check-in/check-out";
import { kioskOf } from "@/lib/check-in/kiosk-campus";
import { kioskCheckOutBodySchema } from "@/lib/check-in/schemas";
import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { AREA_SCOPES } from "@/lib/oauth/scopes";

export const dynamic = "force-dynamic";

// POST /api/v1/kiosk/check-outs - the chosen children go home, on the scanned pickup tag or an authorized adult's own code
export const POST = identityRoute({ scope: AREA_SCOPES.kiosk, permission: "attendance:kiosk" }, async ({ request, caller, database, context }) => {
  const body = await readJsonBody(request, kioskCheckOutBodySchema);
  return identityJson(await kioskCheckOut(database, kioskOf(caller), body, context));
});

// GET, PUT, PATCH, DELETE /api/v1/kiosk/check-outs - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
