import "server-only";
import type { Database } from "../db/database.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import { getWebhookOrThrow } from "./get-webhook-or-throw.ts";
import { queuePing, queueRedelivery } from "./queue-webhook.ts";
import { DELIVERY_ID_PATTERN, type WebhookDelivery } from "./schemas.ts";
import { DELIVERY_COLUMNS } from "./webhook-columns.ts";

async function deliveryOrThrow(database: Database, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
  if (!DELIVERY_ID_PATTERN.test(deliveryId)) throw notFound("webhook delivery");
  const [row] = await database.query<WebhookDelivery>(`SELECT ${DELIVERY_COLUMNS} FROM webhook_delivery d WHERE d.id = $1 AND d.endpoint_id = $2`, [deliveryId, endpointId]);
  if (!row) throw notFound("webhook delivery");
  return row;
}

async function enabledOrThrow(database: Database, endpointId: string): Promise<void> {
  const endpoint = await getWebhookOrThrow(database, endpointId, { lock: true });
  if (!endpoint.enabled) throw new IdentityError("conflict", "the endpoint is disabled; enable it first");
}

/**
 * POST /api/v1/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver (clients:write): the same message (same
 * `webhook-id`, same body, signed anew) queued again, whatever became of it before. Answers it as queued (202).
 */
export async function redeliverWebhook(database: Database, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
  await enabledOrThrow(database, endpointId);
  await deliveryOrThrow(database, endpointId, deliveryId);
  await queueRedelivery(database, deliveryId);
  return deliveryOrThrow(database, endpointId, deliveryId);
}

/** POST /api/v1/admin/webhooks/{id}/test (clients:write): a `webhook.ping` message queued to this endpoint (202). */
export async function sendTestWebhook(database: Database, endpointId: string): Promise<WebhookDelivery> {
  await enabledOrThrow(database, endpointId);
  const id = await queuePing(database, endpointId);
  return deliveryOrThrow(database, endpointId, id);
}
