import type { Database } from "../db/database.ts";
import { KNOWN_AUDIENCES } from "./schemas.ts";

export interface FilterOptions {
  campuses: { id: string; name: string }[];
  ministries: { id: string; name: string }[];
  audiences: string[];
}

/** Choices for the calendar page's filters: every campus and ministry, and the audiences in use. */
export async function listFilterOptions(database: Database): Promise<FilterOptions> {
  const { prisma } = database;
  const [campuses, ministries, audienceRows] = await Promise.all([
    prisma.campus.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } }),
    prisma.ministry.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } }),
    // unnest: what Prisma has no words for (docs/decisions/0019, reason 4).
    database.query<{ audience: string }>(`SELECT DISTINCT unnest(audience) AS audience FROM event WHERE visibility = 'public' AND status <> 'DRAFT'`),
  ]);
  const inUse = new Set(audienceRows.map((row) => row.audience));
  const known: readonly string[] = KNOWN_AUDIENCES;
  // The church's own order first (members before newcomers ...), then any others alphabetically.
  const audiences = [
    ...known.filter((audience) => inUse.has(audience)),
    ...[...inUse].filter((audience) => !known.includes(audience)).sort(),
  ];
  return { campuses, ministries, audiences };
}
