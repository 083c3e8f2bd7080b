import { changeEventStatus } from "@/lib/calendar/change-event-status";
import { adminCancelEvent } from "@/lib/calendar/endpoints";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/admin/events/{id}/cancel - marks the event CANCELLED (it stays in the feed)
  handle(adminCancelEvent, ({ params, database }) => changeEventStatus(database, params.id, "cancel")),
);
