import "server-only";
import type { Database } from "../db/database.ts";
import { notFound } from "../identity/errors.ts";
import { getSeriesOrThrow } from "./get-series-or-throw.ts";
import type { AdminSeries } from "./schemas.ts";

/**
 * POST /api/v1/admin/series/{id}/publish (events:write): every DRAFT occurrence becomes SCHEDULED, in one
 * statement; cancelled, postponed and past ones are left as they are. Publishing again changes nothing.
 */
export async function publishSeries(database: Database, seriesId: string): Promise<AdminSeries> {
  const exists = /^ser_[A-Za-z0-9_-]{1,60}$/.test(seriesId) && (await database.prisma.eventSeries.findUnique({ where: { id: seriesId }, select: { id: true } }));
  if (!exists) throw notFound("series");
  await database.prisma.event.updateMany({ where: { seriesId, status: "DRAFT" }, data: { status: "SCHEDULED" } });
  return getSeriesOrThrow(database, seriesId);
}
