import { staffCheckIn } from "@/lib/check-in/attendance";
import { adminCheckIn } from "@/lib/check-in/endpoints";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/admin/events/{id}/check-ins - staff check someone in by hand where the event allows MANUAL (201)
  handle(adminCheckIn, ({ caller, params, body, database, context }) => staffCheckIn(database, caller.userId, params.id, body.person_id, context)),
);
