import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { createWebhook } from "@/lib/webhooks/create-webhook";
import { adminCreateWebhook, adminListWebhooks } from "@/lib/webhooks/endpoints";
import { listWebhooks } from "@/lib/webhooks/list-webhooks";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/webhooks - the webhook endpoints (never a secret), searched, sorted and paged
  handle(adminListWebhooks, ({ query, database }) => listWebhooks(database, query)),
  // POST /api/v1/admin/webhooks - register an endpoint; its signing secret is answered this once (201)
  handle(adminCreateWebhook, ({ body, database }) => createWebhook(database, body)),
);
