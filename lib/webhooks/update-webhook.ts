import "server-only";
import type { Database } from "../db/database.ts";
import { checkEndpointUrl } from "./endpoint-url.ts";
import { getWebhookOrThrow } from "./get-webhook-or-throw.ts";
import type { AdminWebhook, UpdateWebhookBody } from "./schemas.ts";

/**
 * PATCH /api/v1/admin/webhooks/{id} (clients:write): only the fields sent change; `enabled: false` disables it.
 * Enabling it or giving it a new address starts its failure count afresh (./send-webhook.ts), and any staff
 * decision on `enabled` replaces the automatic one.
 */
export async function updateWebhook(database: Database, id: string, body: UpdateWebhookBody): Promise<AdminWebhook> {
  await getWebhookOrThrow(database, id, { lock: true });
  if (body.url !== undefined) checkEndpointUrl(body.url);
  await database.prisma.webhookEndpoint.update({
    where: { id },
    data: {
      url: body.url,
      description: body.description,
      eventTypes: body.event_types,
      enabled: body.enabled,
      ...((body.enabled === true || body.url !== undefined) && { failingSince: null }),
      ...(body.enabled !== undefined && { autoDisabledAt: null }),
    },
    select: { id: true },
  });
  return getWebhookOrThrow(database, id);
}
