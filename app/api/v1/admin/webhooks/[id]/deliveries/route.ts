import { identityJson, identityRoute, readQuery } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { listWebhookDeliveries } from "@/lib/webhooks/list-webhook-deliveries";
import { webhookDeliveriesQuerySchema } from "@/lib/webhooks/schemas";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/webhooks/{id}/deliveries - the endpoint's delivery log: each message, its attempts and last status
export const GET = identityRoute<{ id: string }>({ staff: true, permission: "clients:read" }, async ({ request, params, database }) =>
  identityJson(await listWebhookDeliveries(database, params.id, readQuery(request, webhookDeliveriesQuerySchema))),
);

// POST, PUT, PATCH, DELETE /api/v1/admin/webhooks/{id}/deliveries - 405 in the identity error shape
export const { POST, PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET"]);
