import { findHousehold } from "@/lib/check-in/find-household";
import { kioskOf } from "@/lib/check-in/kiosk-campus";
import { findHouseholdBodySchema } from "@/lib/check-in/schemas";
import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { AREA_SCOPES } from "@/lib/oauth/scopes";

export const dynamic = "force-dynamic";

// POST /api/v1/kiosk/households - the household of the adult at the tablet, proven by their scanned code or a texted code (first names only)
export const POST = identityRoute({ scope: AREA_SCOPES.kiosk, permission: "attendance:kiosk" }, async ({ request, caller, database, context }) => {
  const body = await readJsonBody(request, findHouseholdBodySchema);
  return identityJson(await findHousehold(database, kioskOf(caller), body, context));
});

// GET, PUT, PATCH, DELETE /api/v1/kiosk/households - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
