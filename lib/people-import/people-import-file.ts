import type { Database } from "../db/database.ts";
import { evenTextSlices } from "./text-slices.ts";

/**
 * An import's file, kept in the database until the import is done (issue 40), in parts of FILE_PART_CHARACTERS:
 * another mapping's preview and the import's batches read it back one part at a time, so no process ever holds
 * the whole file, however large (`npm run import:people` takes files far larger than an upload).
 */

/** About 1 to 3 MB of UTF-8 a part: few rows to store, and little to hold. */
export const FILE_PART_CHARACTERS = 1_048_576;

/** Stores the text, a part at a time as it comes; answers how many parts it made. */
export async function storePeopleImportFile(tx: Database, importId: string, text: AsyncIterable<string>): Promise<number> {
  let part = 0;
  for await (const slice of evenTextSlices(text, FILE_PART_CHARACTERS)) {
    await tx.query(`INSERT INTO people_import_file_part (import_id, part, text) VALUES ($1::uuid, $2, $3)`, [importId, part, slice]);
    part += 1;
  }
  return part;
}

/** The stored text, part by part, each read when it is asked for. */
export async function* readPeopleImportFile(database: Database, importId: string, partCount: number): AsyncGenerator<string> {
  for (let part = 0; part < partCount; part += 1) {
    const [found] = await database.query<{ text: string }>(`SELECT text FROM people_import_file_part WHERE import_id = $1::uuid AND part = $2`, [importId, part]);
    if (!found) throw new Error(`people import ${importId}: part ${part} of its file is missing`);
    yield found.text;
  }
}
