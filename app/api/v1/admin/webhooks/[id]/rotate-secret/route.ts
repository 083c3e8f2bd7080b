import { identityJson, identityRoute } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { rotateWebhookSecret } from "@/lib/webhooks/rotate-webhook-secret";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/webhooks/{id}/rotate-secret - a new signing secret, answered once; every attempt from now on is signed with it
export const POST = identityRoute<{ id: string }>({ staff: true, permission: "clients:write" }, async ({ params, database }) => identityJson(await rotateWebhookSecret(database, params.id)));

// GET, PUT, PATCH, DELETE /api/v1/admin/webhooks/{id}/rotate-secret - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
