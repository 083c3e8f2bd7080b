import { kioskListEvents } from "@/lib/check-in/endpoints";
import { kioskOf } from "@/lib/check-in/kiosk-campus";
import { listOpenEvents } from "@/lib/check-in/list-open-events";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/kiosk/events - the kiosk's campus's events whose check-in window is open now
  handle(kioskListEvents, ({ caller, database }) => listOpenEvents(database, kioskOf(caller).campusId)),
);
