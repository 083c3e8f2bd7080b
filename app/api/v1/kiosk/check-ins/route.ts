import { kioskCheckIn } from "@/lib/check-in/endpoints";
import { kioskOf } from "@/lib/check-in/kiosk-campus";
import { kioskCheckIn as checkInAtKiosk } from "@/lib/check-in/kiosk-check-in";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/kiosk/check-ins - the adult proven present checks children in; each gets a security code, together a pickup tag (201)
  handle(kioskCheckIn, ({ caller, body, database, context }) => checkInAtKiosk(database, kioskOf(caller), body, context)),
);
