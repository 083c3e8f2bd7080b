import "server-only";
import type { Database } from "../db/database.ts";
import { notFound } from "../identity/errors.ts";
import { WEBHOOK_ID_PATTERN, type AdminWebhook } from "./schemas.ts";
import { WEBHOOK_COLUMNS } from "./webhook-columns.ts";

/** GET /api/v1/admin/webhooks/{id} (clients:read): one endpoint, never its secret. Unknown: `not_found`. */
export async function getWebhookOrThrow(database: Database, id: string, options: { lock?: boolean } = {}): Promise<AdminWebhook> {
  if (!WEBHOOK_ID_PATTERN.test(id)) throw notFound("webhook endpoint");
  if (options.lock) {
    const [locked] = await database.query<{ id: string }>(`SELECT id FROM webhook_endpoint WHERE id = $1 FOR NO KEY UPDATE`, [id]);
    if (!locked) throw notFound("webhook endpoint");
  }
  const [row] = await database.query<AdminWebhook>(`SELECT ${WEBHOOK_COLUMNS} FROM webhook_endpoint w WHERE w.id = $1`, [id]);
  if (!row) throw notFound("webhook endpoint");
  return row;
}
