import { createEvent } from "@/lib/calendar/create-event";
import { listStaffEvents } from "@/lib/calendar/list-staff-events";
import { adminEventsQuerySchema, createEventBodySchema } from "@/lib/calendar/staff-schemas";
import { identityJson, identityRoute, readJsonBody, readQuery } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/events - every event (drafts too), searched, filtered by status, sorted and paged
export const GET = identityRoute({ staff: true, permission: "events:read" }, async ({ request, database }) => identityJson(await listStaffEvents(database, readQuery(request, adminEventsQuerySchema))));

// POST /api/v1/admin/events - a new event, a DRAFT until published (201)
export const POST = identityRoute({ staff: true, permission: "events:write" }, async ({ request, database }) =>
  identityJson(await createEvent(database, await readJsonBody(request, createEventBodySchema)), 201),
);

// PUT, PATCH, DELETE /api/v1/admin/events - 405 in the identity error shape
export const { PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET", "POST"]);
