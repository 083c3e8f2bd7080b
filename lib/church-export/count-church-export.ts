import "server-only";
import type { Database } from "../db/database.ts";
import { countSql, EXPORT_TABLES, type ExportCounts, type ExportTable } from "./tables.ts";

/** How many rows each file of the export will hold, counted in one statement as the download begins. */
export async function countChurchExport(database: Database, tables: readonly ExportTable[] = EXPORT_TABLES): Promise<ExportCounts> {
  const [row] = await database.query<Record<string, number>>(countSql(tables));
  return Object.fromEntries(tables.map((table) => [table.name, Number(row?.[table.name] ?? 0)]));
}
