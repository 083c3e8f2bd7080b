import { getAdminClientOrThrow, updateClient } from "@/lib/admin/manage-clients";
import { updateClientBodySchema } from "@/lib/admin/schemas";
import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/clients/{id} - one registered client (never its secret)
export const GET = identityRoute<{ id: string }>({ staff: true, permission: "clients:read" }, async ({ params }) => identityJson(await getAdminClientOrThrow(params.id)));

// PATCH /api/v1/admin/clients/{id} - change a third-party client's name, redirect URIs or scopes
export const PATCH = identityRoute<{ id: string }>({ staff: true, permission: "clients:write" }, async ({ request, params }) => {
  const body = await readJsonBody(request, updateClientBodySchema);
  return identityJson(await updateClient(params.id, body));
});

// POST, PUT, DELETE /api/v1/admin/clients/{id} - 405 in the identity error shape
export const { POST, PUT, DELETE } = identityMethodNotAllowed(["GET", "PATCH"]);
