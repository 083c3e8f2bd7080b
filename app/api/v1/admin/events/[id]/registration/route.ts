import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { getAdminEventRegistrationsOrThrow } from "@/lib/registrations/get-admin-event-registrations-or-throw";
import { registrationSettingsBodySchema } from "@/lib/registrations/schemas";
import { setRegistrationSettings } from "@/lib/registrations/set-registration-settings";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/events/{id}/registration - the event's sign-up settings, counts, places and waitlist
export const GET = identityRoute<{ id: string }>({ staff: true, permission: "events:read" }, async ({ params, database }) => identityJson(await getAdminEventRegistrationsOrThrow(database, params.id)));

// PUT /api/v1/admin/events/{id}/registration - open or close sign-up, its window and waitlist; free places go to the waitlist
export const PUT = identityRoute<{ id: string }>({ staff: true, permission: "events:write" }, async ({ request, params, database }) => {
  const body = await readJsonBody(request, registrationSettingsBodySchema);
  return identityJson(await setRegistrationSettings(database, params.id, body));
});

// POST, PATCH, DELETE /api/v1/admin/events/{id}/registration - 405 in the identity error shape
export const { POST, PATCH, DELETE } = identityMethodNotAllowed(["GET", "PUT"]);
