import { getStaffEventOrThrow } from "@/lib/calendar/get-staff-event-or-throw";
import { updateEventBodySchema } from "@/lib/calendar/staff-schemas";
import { updateEvent } from "@/lib/calendar/update-event";
import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/events/{id} - one event by id or slug, whatever its status
export const GET = identityRoute<{ id: string }>({ staff: true, permission: "events:read" }, async ({ params, database }) => identityJson(await getStaffEventOrThrow(database, params.id)));

// PATCH /api/v1/admin/events/{id} - change some fields of an event; the calendar shows it at once
export const PATCH = identityRoute<{ id: string }>({ staff: true, permission: "events:write" }, async ({ request, params, database }) => {
  const body = await readJsonBody(request, updateEventBodySchema);
  return identityJson(await updateEvent(database, params.id, body));
});

// POST, PUT, DELETE /api/v1/admin/events/{id} - 405 in the identity error shape
export const { POST, PUT, DELETE } = identityMethodNotAllowed(["GET", "PATCH"]);
