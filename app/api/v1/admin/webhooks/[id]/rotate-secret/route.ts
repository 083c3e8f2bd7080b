import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { adminRotateWebhookSecret } from "@/lib/webhooks/endpoints";
import { rotateWebhookSecret } from "@/lib/webhooks/rotate-webhook-secret";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/admin/webhooks/{id}/rotate-secret - a new signing secret, answered once; every attempt from now on is signed with it
  handle(adminRotateWebhookSecret, ({ params, database }) => rotateWebhookSecret(database, params.id)),
);
