import { readChurch } from "../church-settings/church.ts";
import type { Database } from "../db/database.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import { headersKeyOf, IMPORT_BATCH_ROWS, KEPT_PROBLEMS } from "./people-import-rules.ts";
import { planPeopleBatch, SeenInFile, type PlannedRow } from "./plan-people-batch.ts";
import { FILE_PART_CHARACTERS, readPeopleImportFile, storePeopleImportFile } from "./people-import-file.ts";
import { evenTextSlices } from "./text-slices.ts";
import {
  decodePeopleText,
  detectPeopleFileEncoding,
  guessPeopleMapping,
  PeopleFileError,
  PERSON_FIELDS,
  readPeopleHeaders,
  readPeopleRows,
  type PeopleColumnMapping,
  type PeopleFileBytes,
  type PeopleFileEncoding,
  type PeopleText,
  type ReadPersonRow,
  type RowProblem,
} from "./read-people-csv.ts";

/**
 * The preview of a people import (issue 40): nothing is written to the register. The file is read through once,
 * every row matched as the import would match it, and what would happen is counted: people created, updated,
 * unchanged and skipped, with every row's problems by row and column (the first KEPT_PROBLEMS kept).
 */
export interface PreviewCounts {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  problemCount: number;
  problems: RowProblem[];
}

export async function previewPeopleRows(database: Database, text: PeopleText, options: { mapping: PeopleColumnMapping; delimiter: string; country: string }): Promise<PreviewCounts> {
  const counts: PreviewCounts = { rows: 0, created: 0, updated: 0, unchanged: 0, skipped: 0, problemCount: 0, problems: [] };
  const seen = new SeenInFile();
  const tally = (planned: readonly PlannedRow[], problems: readonly RowProblem[]) => {
    for (const row of planned) counts[row.kind === "create" ? "created" : row.kind === "update" ? "updated" : row.kind === "unchanged" ? "unchanged" : "skipped"] += 1;
    counts.problemCount += problems.length;
    for (const problem of problems) if (counts.problems.length < KEPT_PROBLEMS) counts.problems.push(problem);
  };
  let batch: ReadPersonRow[] = [];
  for await (const row of readPeopleRows(text, options)) {
    counts.rows += 1;
    batch.push(row);
    if (batch.length < IMPORT_BATCH_ROWS) continue;
    const { planned, problems } = await planPeopleBatch(database, batch, seen);
    tally(planned, problems);
    batch = [];
  }
  if (batch.length > 0) {
    const { planned, problems } = await planPeopleBatch(database, batch, seen);
    tally(planned, problems);
  }
  return counts;
}

/** The words of a file refused whole, as the field `file`. */
function fileRefusal(error: unknown): never {
  if (error instanceof PeopleFileError) throw new IdentityError("invalid_request", `file: ${error.message}`);
  throw error;
}

/** An upload's bytes read as a file from disk is, 64 KB at a time: decoded, it is never one string. */
function* piecesOf(bytes: Uint8Array): Generator<Uint8Array> {
  for (let start = 0; start < bytes.length; start += 65_536) yield bytes.subarray(start, start + 65_536);
}

/** The first of the text's parts (FILE_PART_CHARACTERS), empty for an empty file. */
async function firstPartOf(text: AsyncIterable<string>): Promise<string> {
  for await (const part of evenTextSlices(text, FILE_PART_CHARACTERS)) return part;
  return "";
}

/**
 * A file, read and previewed; the mapping is the one chosen last time for the same columns, else the one
 * recognised. `bytes` is an upload's, or a function that reads the file afresh (the command line's, from disk):
 * the file is read through a few times (its encoding, its header row, the preview, then stored in parts), and
 * never held whole.
 */
export async function createPeopleImport(database: Database, input: { fileName: string; bytes: Uint8Array | PeopleFileBytes; actorId: string | null }): Promise<string> {
  const upload = input.bytes;
  const bytes: PeopleFileBytes = typeof upload === "function" ? upload : () => piecesOf(upload);
  let encoding: PeopleFileEncoding;
  let header: Awaited<ReturnType<typeof readPeopleHeaders>>;
  try {
    encoding = await detectPeopleFileEncoding(bytes);
    header = await readPeopleHeaders(await firstPartOf(decodePeopleText(bytes, encoding)));
  } catch (error) {
    fileRefusal(error);
  }
  const headersKey = headersKeyOf(header.headers);
  const guess = guessPeopleMapping(header.headers);
  const earlier = await database.prisma.peopleImport.findFirst({ where: { headersKey, status: { not: "ready" } }, orderBy: { createdAt: "desc" }, select: { mapping: true } });
  const mapping = earlier ? usableMapping(earlier.mapping as PeopleColumnMapping, header.headers) : guess.mapping;
  const { country } = await readChurch(database);
  let preview: PreviewCounts;
  try {
    preview = await previewPeopleRows(database, decodePeopleText(bytes, encoding), { mapping, delimiter: header.delimiter, country });
  } catch (error) {
    fileRefusal(error);
  }
  return database.transaction(
    async (tx) => {
      const created = await tx.prisma.peopleImport.create({
        data: {
          fileName: input.fileName,
          encoding,
          delimiter: header.delimiter,
          headers: header.headers,
          headersKey,
          source: guess.source,
          mapping: mapping as Prisma.InputJsonValue,
          country,
          status: "ready",
          createdBy: input.actorId,
          ...previewColumns(preview),
        },
        select: { id: true },
      });
      const parts = await storePeopleImportFile(tx, created.id, decodePeopleText(bytes, encoding));
      await tx.prisma.peopleImport.update({ where: { id: created.id }, data: { filePartCount: parts }, select: { id: true } });
      return created.id;
    },
    { timeout: 120_000 },
  );
}

/** Another mapping for a previewed import: previewed again with it. */
export async function remapPeopleImport(database: Database, id: string, mapping: PeopleColumnMapping): Promise<void> {
  const found = await database.prisma.peopleImport.findUnique({ where: { id }, select: { status: true, filePartCount: true, headers: true, delimiter: true, country: true } });
  if (!found) throw notFound("import");
  if (found.status !== "ready" || found.filePartCount === null) throw new IdentityError("conflict", `this import is ${found.status}`);
  for (const [field, column] of Object.entries(mapping)) {
    if (column !== undefined && !found.headers.includes(column)) throw new IdentityError("invalid_request", `mapping: the file has no column “${column}” for ${field}`);
  }
  let preview: PreviewCounts;
  try {
    preview = await previewPeopleRows(database, readPeopleImportFile(database, id, found.filePartCount), { mapping, delimiter: found.delimiter, country: found.country });
  } catch (error) {
    fileRefusal(error);
  }
  await database.prisma.peopleImport.update({ where: { id }, data: { mapping: mapping as Prisma.InputJsonValue, ...previewColumns(preview) }, select: { id: true } });
}

function previewColumns(preview: PreviewCounts) {
  return {
    rowsTotal: preview.rows,
    createdCount: preview.created,
    updatedCount: preview.updated,
    unchangedCount: preview.unchanged,
    skippedCount: preview.skipped,
    problemCount: preview.problemCount,
    problems: preview.problems as unknown as Prisma.InputJsonValue,
  };
}

/** A saved mapping, without the columns this file does not have. */
function usableMapping(saved: PeopleColumnMapping, headers: readonly string[]): PeopleColumnMapping {
  return Object.fromEntries(Object.entries(saved).filter(([field, column]) => (PERSON_FIELDS as readonly string[]).includes(field) && column !== undefined && headers.includes(column)));
}
