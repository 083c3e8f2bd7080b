import { adminGetEvent, adminUpdateEvent } from "@/lib/calendar/endpoints";
import { getStaffEventOrThrow } from "@/lib/calendar/get-staff-event-or-throw";
import { updateEvent } from "@/lib/calendar/update-event";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/events/{id} - one event by id or slug, whatever its status
  handle(adminGetEvent, ({ params, database }) => getStaffEventOrThrow(database, params.id)),
  // PATCH /api/v1/admin/events/{id} - change some fields of an event; the calendar shows it at once
  handle(adminUpdateEvent, ({ params, body, database }) => updateEvent(database, params.id, body)),
);
