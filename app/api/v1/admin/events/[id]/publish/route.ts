import { changeEventStatus } from "@/lib/calendar/change-event-status";
import { adminPublishEvent } from "@/lib/calendar/endpoints";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/admin/events/{id}/publish - puts the event on the calendar as SCHEDULED
  handle(adminPublishEvent, ({ params, database }) => changeEventStatus(database, params.id, "publish")),
);
