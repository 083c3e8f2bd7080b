import { identityJson, identityRoute, readJsonBody, readQuery } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { createWebhook } from "@/lib/webhooks/create-webhook";
import { listWebhooks } from "@/lib/webhooks/list-webhooks";
import { adminWebhooksQuerySchema, createWebhookBodySchema } from "@/lib/webhooks/schemas";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/webhooks - the webhook endpoints (never a secret), searched, sorted and paged
export const GET = identityRoute({ staff: true, permission: "clients:read" }, async ({ request, database }) => identityJson(await listWebhooks(database, readQuery(request, adminWebhooksQuerySchema))));

// POST /api/v1/admin/webhooks - register an endpoint; its signing secret is answered this once (201)
export const POST = identityRoute({ staff: true, permission: "clients:write" }, async ({ request, database }) =>
  identityJson(await createWebhook(database, await readJsonBody(request, createWebhookBodySchema)), 201),
);

// PUT, PATCH, DELETE /api/v1/admin/webhooks - 405 in the identity error shape
export const { PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET", "POST"]);
