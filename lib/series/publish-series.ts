import "server-only";
import type { Database } from "../db/database.ts";
import { notFound } from "../identity/errors.ts";
import { getSeriesOrThrow } from "./get-series-or-throw.ts";
import type { AdminSeries } from "./schemas.ts";
import { queueEventWebhooks } from "../webhooks/queue-webhook.ts";

/**
 * POST /api/v1/admin/series/{id}/publish (events:write): every DRAFT occurrence becomes SCHEDULED, in one
 * statement, each told to webhooks; cancelled, postponed and past ones are left as they are. Publishing again changes nothing.
 */
export async function publishSeries(database: Database, seriesId: string): Promise<AdminSeries> {
  const exists = /^ser_[A-Za-z0-9_-]{1,60}$/.test(seriesId) && (await database.prisma.eventSeries.findUnique({ where: { id: seriesId }, select: { id: true } }));
  if (!exists) throw notFound("series");
  await database.transaction(async (tx) => {
    const published = await tx.query<{ id: string }>(`UPDATE event SET status = 'SCHEDULED', updated_at = now() WHERE series_id = $1 AND status = 'DRAFT' RETURNING id`, [seriesId]);
    // As publishing one event is (lib/calendar/change-event-status.ts): an update to webhooks.
    await queueEventWebhooks(tx, "event.updated", published.map((row) => row.id));
  });
  return getSeriesOrThrow(database, seriesId);
}
