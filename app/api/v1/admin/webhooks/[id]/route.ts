import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { deleteWebhook } from "@/lib/webhooks/delete-webhook";
import { adminDeleteWebhook, adminGetWebhook, adminUpdateWebhook } from "@/lib/webhooks/endpoints";
import { getWebhookOrThrow } from "@/lib/webhooks/get-webhook-or-throw";
import { updateWebhook } from "@/lib/webhooks/update-webhook";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/webhooks/{id} - one endpoint (never its secret), with its newest message
  handle(adminGetWebhook, ({ params, database }) => getWebhookOrThrow(database, params.id)),
  // PATCH /api/v1/admin/webhooks/{id} - change its address, description, message types, or disable it
  handle(adminUpdateWebhook, ({ params, body, database }) => updateWebhook(database, params.id, body)),
  // DELETE /api/v1/admin/webhooks/{id} - remove the endpoint and its delivery log; answers it as it was
  handle(adminDeleteWebhook, ({ params, database }) => deleteWebhook(database, params.id)),
);
