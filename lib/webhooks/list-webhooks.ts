import "server-only";
import type { Database } from "../db/database.ts";
import { containsPattern, orderBy, selectPage } from "../staff-lists/paging.ts";
import type { AdminWebhook, AdminWebhooksQuery } from "./schemas.ts";
import { WEBHOOK_COLUMNS } from "./webhook-columns.ts";

const WEBHOOK_SORT = { createdAt: "w.created_at", url: "w.url" };

/** GET /api/v1/admin/webhooks (clients:read): the endpoints, searched by URL or description; never a secret. */
export function listWebhooks(database: Database, query: AdminWebhooksQuery) {
  const values: unknown[] = [];
  let where = "";
  if (query.q) {
    values.push(containsPattern(query.q));
    where = "WHERE (w.url ILIKE $1 OR w.description ILIKE $1)";
  }
  return selectPage<AdminWebhook>(database, query, { select: WEBHOOK_COLUMNS, from: `webhook_endpoint w ${where}`, values, order: orderBy(query.sort, WEBHOOK_SORT, "w.id") });
}
