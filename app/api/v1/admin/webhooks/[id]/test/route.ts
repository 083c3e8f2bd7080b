import { identityJson, identityRoute } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { sendTestWebhook } from "@/lib/webhooks/redeliver-webhook";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/webhooks/{id}/test - queue a signed `webhook.ping` message to the endpoint (202)
export const POST = identityRoute<{ id: string }>({ staff: true, permission: "clients:write" }, async ({ params, database }) => identityJson(await sendTestWebhook(database, params.id), 202));

// GET, PUT, PATCH, DELETE /api/v1/admin/webhooks/{id}/test - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
