import "server-only";
import type { Database } from "../db/database.ts";
import { getWebhookOrThrow } from "./get-webhook-or-throw.ts";
import type { AdminWebhook } from "./schemas.ts";

/**
 * DELETE /api/v1/admin/webhooks/{id} (clients:write): the endpoint and its delivery log go; messages still
 * queued for it find nothing to send. Answers the endpoint as it was.
 */
export async function deleteWebhook(database: Database, id: string): Promise<AdminWebhook> {
  const endpoint = await getWebhookOrThrow(database, id, { lock: true });
  await database.prisma.webhookEndpoint.delete({ where: { id }, select: { id: true } });
  return endpoint;
}
