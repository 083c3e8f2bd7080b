import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { adminTestWebhook } from "@/lib/webhooks/endpoints";
import { sendTestWebhook } from "@/lib/webhooks/redeliver-webhook";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/admin/webhooks/{id}/test - queue a signed `webhook.ping` message to the endpoint (202)
  handle(adminTestWebhook, ({ params, database }) => sendTestWebhook(database, params.id)),
);
