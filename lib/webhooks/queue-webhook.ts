import "server-only";
import { randomInt } from "node:crypto";
import { getStaffEventOrThrow } from "../calendar/get-staff-event-or-throw.ts";
import type { Database } from "../db/database.ts";
import { enqueueWebhookMessages } from "../outbox/enqueue-message.ts";
import { WEBHOOK_PING_TYPE, type WebhookEventType } from "./schemas.ts";

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A new message id, the `webhook-id` header: `msg_` and 24 random letters and digits (142 bits). */
export const newMessageId = (): string => `msg_${Array.from({ length: 24 }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join("")}`;

/**
 * Writes one message to each endpoint in `endpointIds`, in the caller's transaction (the outbox pattern): a
 * delivery row holding the exact body, and an outbox message (channel `webhook`) that the deliverer sends
 * after the commit and retries with growing back-off. Answers the delivery ids. The caller holds a lock on
 * each endpoint's row (subscribedEndpoints, or getWebhookOrThrow's), so none is deleted before the insert
 * that names it.
 */
export async function queueWebhookDeliveries(tx: Database, endpointIds: readonly string[], type: string, data: unknown, now = new Date()): Promise<string[]> {
  if (endpointIds.length === 0) return [];
  // Standard Webhooks' payload structure: type, timestamp, data.
  const payload = JSON.stringify({ type, timestamp: now.toISOString(), data });
  const deliveryIds = endpointIds.map(() => newMessageId());
  await tx.prisma.webhookDelivery.createMany({ data: endpointIds.map((endpointId, index) => ({ id: deliveryIds[index]!, endpointId, eventType: type, payload, createdAt: now })) });
  await enqueueWebhookMessages(tx, deliveryIds);
  return deliveryIds;
}

/** Another attempt of an existing message (a redelivery): a new outbox message, the same `webhook-id`. */
export async function queueRedelivery(tx: Database, deliveryId: string): Promise<void> {
  await enqueueWebhookMessages(tx, [deliveryId]);
}

/**
 * The enabled endpoints subscribed to `type`, each held (FOR KEY SHARE) until the change's transaction ends:
 * a staff member deleting one meanwhile waits for the change to commit (the delete then takes the new
 * delivery rows with it), or, having deleted it first, leaves it out of this list. Read without the lock, an
 * endpoint deleted between this read and the delivery's insert failed the insert's foreign key, and the
 * calendar change with it (a 500, P2003). KEY SHARE does not wait for an edit of the endpoint (PATCH,
 * rotating its secret, a delivery's bookkeeping): only for its deletion.
 */
async function subscribedEndpoints(tx: Database, type: WebhookEventType): Promise<{ id: string }[]> {
  // Raw: a row lock held for the transaction (docs/decisions/0019, reason 2).
  return tx.query<{ id: string }>(`SELECT id FROM webhook_endpoint WHERE enabled AND $1 = ANY(event_types) ORDER BY id FOR KEY SHARE`, [type]);
}

/**
 * A calendar change, told to every enabled endpoint subscribed to its type, in the change's own transaction
 * (lib/calendar's create, update and status services; lib/registrations' settings). `data.event` is the
 * event as staff see it (the CalendarEvent shape), read inside the transaction, after the change; `extra`
 * joins it. Without a subscribed endpoint nothing is read or written.
 */
export async function queueEventWebhook(tx: Database, type: WebhookEventType, eventId: string, extra: Record<string, unknown> = {}): Promise<string[]> {
  const endpoints = await subscribedEndpoints(tx, type);
  if (endpoints.length === 0) return [];
  const event = await getStaffEventOrThrow(tx, eventId);
  return queueWebhookDeliveries(tx, endpoints.map((row) => row.id), type, { event, ...extra });
}

/**
 * The same change to many events at once (a recurring series created, published or edited as a whole):
 * one message per event and endpoint, with the endpoints read once.
 */
export async function queueEventWebhooks(tx: Database, type: WebhookEventType, eventIds: readonly string[]): Promise<void> {
  if (eventIds.length === 0) return;
  const endpoints = await subscribedEndpoints(tx, type);
  if (endpoints.length === 0) return;
  for (const eventId of eventIds) {
    const event = await getStaffEventOrThrow(tx, eventId);
    await queueWebhookDeliveries(tx, endpoints.map((row) => row.id), type, { event });
  }
}

/** The test message staff send to one endpoint (`webhook.ping`), whatever it subscribed to. */
export async function queuePing(tx: Database, endpointId: string): Promise<string> {
  const [id] = await queueWebhookDeliveries(tx, [endpointId], WEBHOOK_PING_TYPE, { endpoint_id: endpointId });
  return id!;
}
