import { identityJson, identityRoute } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { redeliverWebhook } from "@/lib/webhooks/redeliver-webhook";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver - send the same message again (same webhook-id), queued (202)
export const POST = identityRoute<{ id: string; deliveryId: string }>({ staff: true, permission: "clients:write" }, async ({ params, database }) =>
  identityJson(await redeliverWebhook(database, params.id, params.deliveryId), 202),
);

// GET, PUT, PATCH, DELETE /api/v1/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
