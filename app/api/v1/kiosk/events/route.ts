import { kioskOf } from "@/lib/check-in/kiosk-campus";
import { listOpenEvents } from "@/lib/check-in/list-open-events";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { AREA_SCOPES } from "@/lib/oauth/scopes";

export const dynamic = "force-dynamic";

// GET /api/v1/kiosk/events - the kiosk's campus's events whose check-in window is open now
export const GET = identityRoute({ scope: AREA_SCOPES.kiosk, permission: "attendance:kiosk" }, async ({ caller, database }) =>
  identityJson(await listOpenEvents(database, kioskOf(caller).campusId)),
);

// POST, PUT, PATCH, DELETE /api/v1/kiosk/events - 405 in the identity error shape
export const { POST, PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET"]);
