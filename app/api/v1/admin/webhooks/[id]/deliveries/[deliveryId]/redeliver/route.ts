import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { adminRedeliverWebhook } from "@/lib/webhooks/endpoints";
import { redeliverWebhook } from "@/lib/webhooks/redeliver-webhook";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver - send the same message again (same webhook-id), queued (202)
  handle(adminRedeliverWebhook, ({ params, database }) => redeliverWebhook(database, params.id, params.deliveryId)),
);
