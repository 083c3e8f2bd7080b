import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { adminListWebhookDeliveries } from "@/lib/webhooks/endpoints";
import { listWebhookDeliveries } from "@/lib/webhooks/list-webhook-deliveries";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/webhooks/{id}/deliveries - the endpoint's delivery log: each message, its attempts and last status
  handle(adminListWebhookDeliveries, ({ params, query, database }) => listWebhookDeliveries(database, params.id, query)),
);
