import { changeEventStatus } from "@/lib/calendar/change-event-status";
import { adminPostponeEvent } from "@/lib/calendar/endpoints";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/admin/events/{id}/postpone - marks the event POSTPONED (it stays in the feed)
  handle(adminPostponeEvent, ({ params, database }) => changeEventStatus(database, params.id, "postpone")),
);
