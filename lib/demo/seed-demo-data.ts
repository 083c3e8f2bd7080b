import type { Database } from "../db/database.ts";
import { buildDemoData } from "./build-demo-data.ts";
import { nameDemoChurch } from "./name-demo-church.ts";

/**
 * Replaces the calendar's campuses, ministries, series and events with the demo data of buildDemoData, in
 * one transaction: readers see either the old rows or the new ones. Used by `npm run db:seed`, by the
 * embedded database on first start and by the end-to-end set-up, so it must not import `server-only`.
 */
export interface SeedDemoDataOptions {
  /** The day the calendar starts, YYYY-MM-DD; default today in UTC. */
  today?: string;
  /** How many events; default 320. */
  eventCount?: number;
}

export interface SeedDemoDataCounts {
  campuses: number;
  ministries: number;
  series: number;
  events: number;
}

/** Rows per INSERT: about 30 columns each, well below PostgreSQL's 65,535 bind parameters. */
const CHUNK_SIZE = 1000;

export async function seedDemoData(database: Database, options: SeedDemoDataOptions = {}): Promise<SeedDemoDataCounts> {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const data = buildDemoData({ today, eventCount: options.eventCount });
  await nameDemoChurch(database);
  return database.transaction(
    async ({ prisma: tx }) => {
      await tx.event.deleteMany();
      await tx.eventSeries.deleteMany();
      await tx.ministry.deleteMany();
      await tx.campus.deleteMany();
      const campuses = await tx.campus.createMany({ data: data.campuses });
      const ministries = await tx.ministry.createMany({ data: data.ministries });
      const series = await tx.eventSeries.createMany({ data: data.series });
      let events = 0;
      for (let start = 0; start < data.events.length; start += CHUNK_SIZE) {
        events += (await tx.event.createMany({ data: data.events.slice(start, start + CHUNK_SIZE) })).count;
      }
      return { campuses: campuses.count, ministries: ministries.count, series: series.count, events };
    },
    { maxWait: 30_000, timeout: 120_000 },
  );
}
