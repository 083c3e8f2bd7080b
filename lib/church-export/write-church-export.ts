import "server-only";
import { Zip, ZipDeflate, strToU8 } from "fflate";
import type { Database } from "../db/database.ts";
import { BYTE_ORDER_MARK, csvLines } from "./csv.ts";
import { churchExportReadme } from "./readme.ts";
import { EXPORT_TABLES, firstKey, pageSql, type ExportCounts, type ExportTable } from "./tables.ts";

/** Rows read per query: a page of the largest table stays a few hundred kilobytes. */
export const EXPORT_PAGE_ROWS = 1_000;

export interface WriteChurchExportOptions {
  churchName: string;
  exportedAt: Date;
  /** Rows per query (tests read in small pages to prove the paging). */
  pageRows?: number;
  tables?: readonly ExportTable[];
}

type Row = Record<string, unknown> & { _key: string };

async function readPage(database: Database, table: ExportTable, after: string, limit: number): Promise<Row[]> {
  const rows = await database.query<{ row: string }>(pageSql(table), [after, limit]);
  return rows.map(({ row }) => JSON.parse(row) as Row);
}

/**
 * The zip of the whole church (issue 39), made as it is sent: each table is read in pages by its key (never one
 * query for a whole table), each page written at once to the table's CSV and JSON files and compressed, and the
 * compressed bytes yielded as they come. Memory holds a page, what the client has not yet taken, and the table's
 * JSON file compressed until its CSV file is finished (a zip holds its files one after another): a tenth or so of
 * one table's JSON, never the church. Reading each table once keeps its two files the same rows; reading it twice
 * would keep nothing but a page, at twice the queries, and could give the two files different rows. README.txt
 * comes last, with the rows each file holds. Returns those counts.
 *
 * Files: `csv/<table>.csv` (BOM, header row, one row per record, formulas neutralised: ./csv.ts), `json/<table>.json`
 * (an array of objects keyed by the same column names, values exact), `README.txt`. Tables: ./tables.ts.
 */
export async function* writeChurchExport(database: Database, options: WriteChurchExportOptions): AsyncGenerator<Uint8Array, ExportCounts, undefined> {
  const { churchName, exportedAt, pageRows = EXPORT_PAGE_ROWS, tables = EXPORT_TABLES } = options;
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) failure = error;
    else ready.push(data);
  });
  /** What the zip has produced since the last call. */
  const produced = (): Uint8Array[] => {
    if (failure) throw failure;
    return ready.splice(0, ready.length);
  };
  const add = (name: string) => {
    const file = new ZipDeflate(name, { level: 6 });
    file.mtime = exportedAt;
    zip.add(file);
    return file;
  };

  const counts: ExportCounts = {};
  try {
    for (const table of tables) {
      const names = table.columns.map(([name]) => name);
      // The JSON file's bytes wait inside the zip until the CSV file before it is finished.
      const csv = add(`csv/${table.name}.csv`);
      const json = add(`json/${table.name}.json`);
      csv.push(strToU8(BYTE_ORDER_MARK + csvLines([names])));
      json.push(strToU8("["));
      let rows = 0;
      let after = firstKey(table);
      for (;;) {
        const page = await readPage(database, table, after, pageRows);
        if (page.length === 0) break;
        csv.push(strToU8(csvLines(page.map((row) => names.map((name) => row[name])))));
        const objects = page.map((row) => JSON.stringify(Object.fromEntries(names.map((name) => [name, row[name] ?? null]))));
        json.push(strToU8(`${rows === 0 ? "\n" : ",\n"}${objects.join(",\n")}`));
        rows += page.length;
        after = page[page.length - 1]!._key;
        yield* produced();
        if (page.length < pageRows) break;
      }
      csv.push(new Uint8Array(0), true);
      json.push(strToU8(rows === 0 ? "]\n" : "\n]\n"), true);
      counts[table.name] = rows;
      yield* produced();
    }
    add("README.txt").push(strToU8(churchExportReadme({ churchName, exportedAt, tables, counts })), true);
    zip.end();
    yield* produced();
    return counts;
  } finally {
    // Stopped early (the download was cancelled, or a read failed): nothing more is made.
    zip.terminate();
  }
}
