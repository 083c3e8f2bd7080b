import { findKioskPickup } from "@/lib/check-in/check-out";
import { kioskFindPickup } from "@/lib/check-in/endpoints";
import { kioskOf } from "@/lib/check-in/kiosk-campus";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/kiosk/pickups - the children a scanned pickup tag, or an authorized adult's code, may collect now
  handle(kioskFindPickup, ({ caller, body, database, context }) => findKioskPickup(database, kioskOf(caller), body, context)),
);
