import "server-only";
import type { Database } from "../db/database.ts";
import { containsPattern, orderBy, selectPage } from "../staff-lists/paging.ts";
import { getWebhookOrThrow } from "./get-webhook-or-throw.ts";
import type { WebhookDelivery, WebhookDeliveriesQuery } from "./schemas.ts";
import { DELIVERY_COLUMNS } from "./webhook-columns.ts";

/** GET /api/v1/admin/webhooks/{id}/deliveries (clients:read): the endpoint's delivery log, newest first by default. */
export async function listWebhookDeliveries(database: Database, id: string, query: WebhookDeliveriesQuery) {
  await getWebhookOrThrow(database, id);
  const values: unknown[] = [id];
  let where = "WHERE d.endpoint_id = $1";
  if (query.q) {
    values.push(containsPattern(query.q));
    where += " AND (d.id ILIKE $2 OR d.event_type ILIKE $2)";
  }
  return selectPage<WebhookDelivery>(database, query, { select: DELIVERY_COLUMNS, from: `webhook_delivery d ${where}`, values, order: orderBy(query.sort, { createdAt: "d.created_at" }, "d.id") });
}
