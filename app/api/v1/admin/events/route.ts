import { createEvent } from "@/lib/calendar/create-event";
import { adminCreateEvent, adminListEvents } from "@/lib/calendar/endpoints";
import { listStaffEvents } from "@/lib/calendar/list-staff-events";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/events - every event (drafts too), searched, filtered by status, sorted and paged
  handle(adminListEvents, ({ query, database }) => listStaffEvents(database, query)),
  // POST /api/v1/admin/events - a new event, a DRAFT until published (201)
  handle(adminCreateEvent, ({ body, database }) => createEvent(database, body)),
);
