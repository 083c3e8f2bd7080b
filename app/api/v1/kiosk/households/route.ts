import { kioskFindHousehold } from "@/lib/check-in/endpoints";
import { findHousehold } from "@/lib/check-in/find-household";
import { kioskOf } from "@/lib/check-in/kiosk-campus";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/kiosk/households - the household of the adult at the tablet, proven by their scanned code or a texted code (first names only)
  handle(kioskFindHousehold, ({ caller, body, database, context }) => findHousehold(database, kioskOf(caller), body, context)),
);
