import { defineEndpoint } from "../openapi/endpoint.ts";
import { BODY_400, LIST_400 } from "../openapi/staff-operations.ts";
import {
  AdminWebhookPageSchema,
  AdminWebhookSchema,
  AdminWebhookWithSecretSchema,
  WEBHOOK_EVENT_TYPES,
  WebhookDeliveryPageSchema,
  WebhookDeliverySchema,
  adminWebhooksQuerySchema,
  createWebhookBodySchema,
  updateWebhookBodySchema,
  webhookDeliveriesQuerySchema,
} from "./schemas.ts";

/** The staff webhook endpoints (docs/decisions/0027): third parties told of calendar changes, signed. */

const TAGS = ["admin"] as const;
const READ = { kind: "staff", permission: "clients:read" } as const;
const WRITE = { kind: "staff", permission: "clients:write" } as const;
const ENDPOINT_ID = { id: "The endpoint id (`whep_…`)." };
const NOT_FOUND = "`not_found`: `webhook endpoint not found`.";
const DISABLED = "`conflict`: `the endpoint is disabled; enable it first`.";
const SIGNING =
  "Each message is POSTed as JSON `{ type, timestamp, data }` with the Standard Webhooks headers `webhook-id` (the message id, the same on every attempt), `webhook-timestamp` (seconds) and `webhook-signature` (`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the secret's bytes). " +
  `Types: ${WEBHOOK_EVENT_TYPES.map((type) => `\`${type}\``).join(", ")}; \`data.event\` is the event in the CalendarEvent shape. A failed attempt (no answer, a non-2xx, any redirect) is retried 5 times in all, 30 s, 1, 2 and 4 minutes apart.`;

export const adminListWebhooks = defineEndpoint({
  method: "GET",
  path: "/api/v1/admin/webhooks",
  operationId: "adminListWebhooks",
  summary: "List webhook endpoints",
  description: "Searched by URL or description, sorted and paged. Never a secret.",
  tags: TAGS,
  access: READ,
  query: adminWebhooksQuerySchema,
  success: { status: 200, description: "A page of endpoints.", schema: AdminWebhookPageSchema },
  refusals: { "400": LIST_400 },
});

export const adminCreateWebhook = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/webhooks",
  operationId: "adminCreateWebhook",
  summary: "Register a webhook endpoint",
  description: `${SIGNING} The signing secret is answered this once.`,
  tags: TAGS,
  access: WRITE,
  body: createWebhookBodySchema,
  success: { status: 201, description: "The endpoint and its secret.", schema: AdminWebhookWithSecretSchema },
  refusals: { "400": BODY_400(", or `url: must be an https URL`, `url: a private or loopback address is refused`") },
});

export const adminGetWebhook = defineEndpoint({
  method: "GET",
  path: "/api/v1/admin/webhooks/{id}",
  operationId: "adminGetWebhook",
  summary: "A webhook endpoint",
  description: "Never its secret; with its newest message.",
  tags: TAGS,
  access: READ,
  params: ENDPOINT_ID,
  success: { status: 200, description: "The endpoint.", schema: AdminWebhookSchema },
  refusals: { "404": NOT_FOUND },
});

export const adminUpdateWebhook = defineEndpoint({
  method: "PATCH",
  path: "/api/v1/admin/webhooks/{id}",
  operationId: "adminUpdateWebhook",
  summary: "Change or disable a webhook endpoint",
  description: "Only the fields sent change. `enabled: false` stops it: nothing new is queued for it and what is queued is not sent.",
  tags: TAGS,
  access: WRITE,
  params: ENDPOINT_ID,
  body: updateWebhookBodySchema,
  success: { status: 200, description: "The endpoint.", schema: AdminWebhookSchema },
  refusals: { "400": BODY_400(", or `must change at least one field`"), "404": NOT_FOUND },
});

export const adminDeleteWebhook = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/admin/webhooks/{id}",
  operationId: "adminDeleteWebhook",
  summary: "Delete a webhook endpoint",
  description: "With its delivery log. Answers the endpoint as it was.",
  tags: TAGS,
  access: WRITE,
  params: ENDPOINT_ID,
  success: { status: 200, description: "The endpoint, deleted.", schema: AdminWebhookSchema },
  refusals: { "404": NOT_FOUND },
});

export const adminRotateWebhookSecret = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/webhooks/{id}/rotate-secret",
  operationId: "adminRotateWebhookSecret",
  summary: "Give a webhook endpoint a new signing secret",
  description: "No body. Answered this once; every attempt from now on, retries of older messages too, is signed with it.",
  tags: TAGS,
  access: WRITE,
  params: ENDPOINT_ID,
  success: { status: 200, description: "The endpoint and its new secret.", schema: AdminWebhookWithSecretSchema },
  refusals: { "404": NOT_FOUND },
});

export const adminTestWebhook = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/webhooks/{id}/test",
  operationId: "adminTestWebhook",
  summary: "Send a test message",
  description: "No body. Queues a signed `webhook.ping` message (`data.endpoint_id`) to the endpoint, whatever types it receives.",
  tags: TAGS,
  access: WRITE,
  params: ENDPOINT_ID,
  success: { status: 202, description: "The message, queued.", schema: WebhookDeliverySchema },
  refusals: { "404": NOT_FOUND, "409": DISABLED },
});

export const adminListWebhookDeliveries = defineEndpoint({
  method: "GET",
  path: "/api/v1/admin/webhooks/{id}/deliveries",
  operationId: "adminListWebhookDeliveries",
  summary: "An endpoint's delivery log",
  description: "Each message with its body, attempts, last HTTP status or error, and when it was delivered; newest first by default.",
  tags: TAGS,
  access: READ,
  params: ENDPOINT_ID,
  query: webhookDeliveriesQuerySchema,
  success: { status: 200, description: "A page of deliveries.", schema: WebhookDeliveryPageSchema },
  refusals: { "400": LIST_400, "404": NOT_FOUND },
});

export const adminRedeliverWebhook = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver",
  operationId: "adminRedeliverWebhook",
  summary: "Send a message again",
  description: "No body. The same message (same `webhook-id` and body, signed anew) is queued again, whatever became of it before.",
  tags: TAGS,
  access: WRITE,
  params: { ...ENDPOINT_ID, deliveryId: "The message id (`msg_…`)." },
  success: { status: 202, description: "The message, queued again.", schema: WebhookDeliverySchema },
  refusals: { "404": "`not_found`: `webhook endpoint not found` or `webhook delivery not found`.", "409": DISABLED },
});

/** In the order the OpenAPI document lists them. */
export const webhookEndpoints = [
  adminListWebhooks,
  adminCreateWebhook,
  adminGetWebhook,
  adminUpdateWebhook,
  adminDeleteWebhook,
  adminRotateWebhookSecret,
  adminTestWebhook,
  adminListWebhookDeliveries,
  adminRedeliverWebhook,
];
