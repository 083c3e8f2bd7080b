import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { identityError, jsonResponse } from "../openapi/responses.ts";
import { BODY_400, LIST_400, idPath, staffOperation } from "../openapi/staff-operations.ts";
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

/** The staff webhook routes in the OpenAPI document (docs/decisions/0027). */

const ENDPOINT = idPath("The endpoint id (`whep_…`).");
const NOT_FOUND = identityError("`not_found`: `webhook endpoint not found`.");
const SIGNING =
  "Each message is POSTed as JSON `{ type, timestamp, data }` with the Standard Webhooks headers `webhook-id` (the message id, the same on every attempt), `webhook-timestamp` (seconds) and `webhook-signature` (`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the secret's bytes). " +
  `Types: ${WEBHOOK_EVENT_TYPES.map((type) => `\`${type}\``).join(", ")}; \`data.event\` is the event in the CalendarEvent shape. A failed attempt (no answer, a non-2xx, any redirect) is retried 5 times in all, 30 s, 1, 2 and 4 minutes apart.`;

export const staffWebhookPaths: ZodOpenApiPathsObject = {
  "/api/v1/admin/webhooks": {
    get: staffOperation("clients:read", "adminListWebhooks", "List webhook endpoints", "Searched by URL or description, sorted and paged. Never a secret.", { "200": jsonResponse("A page of endpoints.", AdminWebhookPageSchema), "400": LIST_400 }, { query: adminWebhooksQuerySchema }),
    post: staffOperation(
      "clients:write",
      "adminCreateWebhook",
      "Register a webhook endpoint",
      `${SIGNING} The signing secret is answered this once.`,
      { "201": jsonResponse("The endpoint and its secret.", AdminWebhookWithSecretSchema), "400": BODY_400(", or `url: must be an https URL`, `url: a private or loopback address is refused`") },
      { body: createWebhookBodySchema },
    ),
  },
  "/api/v1/admin/webhooks/{id}": {
    get: staffOperation("clients:read", "adminGetWebhook", "A webhook endpoint", "Never its secret; with its newest message.", { "200": jsonResponse("The endpoint.", AdminWebhookSchema), "404": NOT_FOUND }, { path: ENDPOINT }),
    patch: staffOperation(
      "clients:write",
      "adminUpdateWebhook",
      "Change or disable a webhook endpoint",
      "Only the fields sent change. `enabled: false` stops it: nothing new is queued for it and what is queued is not sent.",
      { "200": jsonResponse("The endpoint.", AdminWebhookSchema), "400": BODY_400(", or `must change at least one field`"), "404": NOT_FOUND },
      { path: ENDPOINT, body: updateWebhookBodySchema },
    ),
    delete: staffOperation("clients:write", "adminDeleteWebhook", "Delete a webhook endpoint", "With its delivery log. Answers the endpoint as it was.", { "200": jsonResponse("The endpoint, deleted.", AdminWebhookSchema), "404": NOT_FOUND }, { path: ENDPOINT }),
  },
  "/api/v1/admin/webhooks/{id}/rotate-secret": {
    post: staffOperation(
      "clients:write",
      "adminRotateWebhookSecret",
      "Give a webhook endpoint a new signing secret",
      "No body. Answered this once; every attempt from now on, retries of older messages too, is signed with it.",
      { "200": jsonResponse("The endpoint and its new secret.", AdminWebhookWithSecretSchema), "404": NOT_FOUND },
      { path: ENDPOINT },
    ),
  },
  "/api/v1/admin/webhooks/{id}/test": {
    post: staffOperation(
      "clients:write",
      "adminTestWebhook",
      "Send a test message",
      "No body. Queues a signed `webhook.ping` message (`data.endpoint_id`) to the endpoint, whatever types it receives.",
      { "202": jsonResponse("The message, queued.", WebhookDeliverySchema), "404": NOT_FOUND, "409": identityError("`conflict`: `the endpoint is disabled; enable it first`.") },
      { path: ENDPOINT },
    ),
  },
  "/api/v1/admin/webhooks/{id}/deliveries": {
    get: staffOperation(
      "clients:read",
      "adminListWebhookDeliveries",
      "An endpoint's delivery log",
      "Each message with its body, attempts, last HTTP status or error, and when it was delivered; newest first by default.",
      { "200": jsonResponse("A page of deliveries.", WebhookDeliveryPageSchema), "400": LIST_400, "404": NOT_FOUND },
      { path: ENDPOINT, query: webhookDeliveriesQuerySchema },
    ),
  },
  "/api/v1/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver": {
    post: staffOperation(
      "clients:write",
      "adminRedeliverWebhook",
      "Send a message again",
      "No body. The same message (same `webhook-id` and body, signed anew) is queued again, whatever became of it before.",
      { "202": jsonResponse("The message, queued again.", WebhookDeliverySchema), "404": identityError("`not_found`: `webhook endpoint not found` or `webhook delivery not found`."), "409": identityError("`conflict`: `the endpoint is disabled; enable it first`.") },
      { path: ENDPOINT.extend({ deliveryId: z.string().meta({ description: "The message id (`msg_…`)." }) }) },
    ),
  },
};
