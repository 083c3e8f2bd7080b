import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { deleteWebhook } from "@/lib/webhooks/delete-webhook";
import { getWebhookOrThrow } from "@/lib/webhooks/get-webhook-or-throw";
import { updateWebhookBodySchema } from "@/lib/webhooks/schemas";
import { updateWebhook } from "@/lib/webhooks/update-webhook";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/webhooks/{id} - one endpoint (never its secret), with its newest message
export const GET = identityRoute<{ id: string }>({ staff: true, permission: "clients:read" }, async ({ params, database }) => identityJson(await getWebhookOrThrow(database, params.id)));

// PATCH /api/v1/admin/webhooks/{id} - change its address, description, message types, or disable it
export const PATCH = identityRoute<{ id: string }>({ staff: true, permission: "clients:write" }, async ({ request, params, database }) => {
  const body = await readJsonBody(request, updateWebhookBodySchema);
  return identityJson(await updateWebhook(database, params.id, body));
});

// DELETE /api/v1/admin/webhooks/{id} - remove the endpoint and its delivery log; answers it as it was
export const DELETE = identityRoute<{ id: string }>({ staff: true, permission: "clients:write" }, async ({ params, database }) => identityJson(await deleteWebhook(database, params.id)));

// POST, PUT /api/v1/admin/webhooks/{id} - 405 in the identity error shape
export const { POST, PUT } = identityMethodNotAllowed(["GET", "PATCH", "DELETE"]);
