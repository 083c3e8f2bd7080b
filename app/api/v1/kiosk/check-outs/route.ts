import { kioskCheckOut as checkOutAtKiosk } from "@/lib/check-in/check-out";
import { kioskCheckOut } from "@/lib/check-in/endpoints";
import { kioskOf } from "@/lib/check-in/kiosk-campus";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/kiosk/check-outs - the chosen children go home, on the scanned pickup tag or an authorized adult's own code
  handle(kioskCheckOut, ({ caller, body, database, context }) => checkOutAtKiosk(database, kioskOf(caller), body, context)),
);
