import { kioskStartPhoneCheck } from "@/lib/check-in/endpoints";
import { kioskOf } from "@/lib/check-in/kiosk-campus";
import { startKioskPhoneCheck } from "@/lib/check-in/phone-check";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/kiosk/phone-checks - text a code to a household's phone; the same answer whether or not it is one (201)
  handle(kioskStartPhoneCheck, ({ caller, body, database, context }) => startKioskPhoneCheck(database, kioskOf(caller), body, context)),
);
