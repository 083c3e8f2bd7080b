import "server-only";
import type { Database } from "../db/database.ts";
import { countChurchExport } from "./count-church-export.ts";
import { churchExportFileName } from "./file-name.ts";
import { recordChurchExport, type ChurchExportActor } from "./record-church-export.ts";
import type { ExportCounts } from "./tables.ts";
import { writeChurchExport, type WriteChurchExportOptions } from "./write-church-export.ts";

export interface ChurchExport {
  fileName: string;
  /** The rows each file held when the download began: what the audit entry says. */
  counts: ExportCounts;
  /** The zip's bytes, made as they are taken (./write-church-export.ts); returns the rows each file got. */
  chunks: AsyncGenerator<Uint8Array, ExportCounts, undefined>;
}

/**
 * GET /api/v1/admin/export (church:export): an administrator's download of the whole church, so no church is
 * locked in (issue 39). Counted and recorded in the staff audit log first, then made as it is sent: a download
 * that fails half-way is still on record, and none leaves without one.
 */
export async function startChurchExport(
  database: Database,
  input: ChurchExportActor & { churchName: string; now?: Date } & Pick<WriteChurchExportOptions, "pageRows">,
): Promise<ChurchExport> {
  const exportedAt = input.now ?? new Date();
  const fileName = churchExportFileName(input.churchName, exportedAt);
  const counts = await countChurchExport(database);
  await recordChurchExport(database, input, fileName, counts);
  return { fileName, counts, chunks: writeChurchExport(database, { churchName: input.churchName, exportedAt, pageRows: input.pageRows }) };
}
