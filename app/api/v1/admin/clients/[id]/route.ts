import { getClientForStaffOrThrow } from "@/lib/oauth/clients/get-client-for-staff-or-throw";
import { updateClientBodySchema } from "@/lib/oauth/clients/staff-schemas";
import { updateClient } from "@/lib/oauth/clients/update-client";
import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/clients/{id} - one registered client (never its secret)
export const GET = identityRoute<{ id: string }>({ staff: true, permission: "clients:read" }, async ({ params, database }) => identityJson(await getClientForStaffOrThrow(database, params.id)));

// PATCH /api/v1/admin/clients/{id} - change a third-party client's settings, or a check-in kiosk's campus networks
export const PATCH = identityRoute<{ id: string }>({ staff: true, permission: "clients:write" }, async ({ request, params, database }) => {
  const body = await readJsonBody(request, updateClientBodySchema);
  return identityJson(await updateClient(database, params.id, body));
});

// POST, PUT, DELETE /api/v1/admin/clients/{id} - 405 in the identity error shape
export const { POST, PUT, DELETE } = identityMethodNotAllowed(["GET", "PATCH"]);
