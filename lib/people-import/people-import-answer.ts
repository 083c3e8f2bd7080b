import type { Database } from "../db/database.ts";
import { notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import { UNDO_DAYS } from "./people-import-rules.ts";
import { containsPattern, isoTimestamp, orderBy, selectPage } from "../staff-lists/paging.ts";
import type { PeopleImportAnswer, PeopleImportsQuery, PeopleImportSummary } from "./schemas.ts";

const SELECT = {
  id: true,
  fileName: true,
  status: true,
  source: true,
  encoding: true,
  headers: true,
  mapping: true,
  rowsTotal: true,
  rowsDone: true,
  createdCount: true,
  updatedCount: true,
  unchangedCount: true,
  skippedCount: true,
  problemCount: true,
  problems: true,
  lastError: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
  undoneAt: true,
} as const;

type Row = Awaited<ReturnType<typeof readRow>>;
function readRow(database: Database, id: string) {
  return database.prisma.peopleImport.findUnique({ where: { id }, select: SELECT });
}

function answerOf(row: NonNullable<Row>): PeopleImportAnswer {
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    id: row.id,
    file_name: row.fileName,
    status: row.status as PeopleImportAnswer["status"],
    source: row.source as PeopleImportAnswer["source"],
    encoding: row.encoding,
    headers: row.headers,
    mapping: row.mapping as PeopleImportAnswer["mapping"],
    rows_total: row.rowsTotal,
    rows_done: row.rowsDone,
    created: row.createdCount,
    updated: row.updatedCount,
    unchanged: row.unchangedCount,
    skipped: row.skippedCount,
    problem_count: row.problemCount,
    problems: row.problems as PeopleImportAnswer["problems"],
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    started_at: iso(row.startedAt),
    finished_at: iso(row.finishedAt),
    undone_at: iso(row.undoneAt),
    undo_until: row.status === "done" && row.finishedAt ? new Date(row.finishedAt.getTime() + UNDO_DAYS * 86_400_000).toISOString() : null,
  };
}

/** One import as the staff API answers it, or `not_found`. */
export async function getPeopleImportOrThrow(database: Database, id: string): Promise<PeopleImportAnswer> {
  const row = isUuid(id) ? await readRow(database, id) : null;
  if (!row) throw notFound("import");
  return answerOf(row);
}

const LIST_SORT = { createdAt: "p.created_at", fileName: "lower(p.file_name)" };
const iso = (column: string) => `CASE WHEN ${column} IS NULL THEN NULL ELSE ${isoTimestamp(column)} END`;
const LIST_COLUMNS = `p.id::text AS id, p.file_name, p.status, p.source, p.encoding, p.rows_total, p.rows_done, p.created_count AS created,
  p.updated_count AS updated, p.unchanged_count AS unchanged, p.skipped_count AS skipped, p.problem_count, p.last_error,
  ${isoTimestamp("p.created_at")} AS created_at, ${iso("p.started_at")} AS started_at, ${iso("p.finished_at")} AS finished_at, ${iso("p.undone_at")} AS undone_at,
  CASE WHEN p.status = 'done' AND p.finished_at IS NOT NULL THEN ${isoTimestamp(`(p.finished_at + interval '${UNDO_DAYS} days')`)} END AS undo_until`;

/** GET /api/v1/admin/people-imports (people:import): the imports, searched by file name, newest first. */
export function listPeopleImports(database: Database, query: PeopleImportsQuery) {
  const values: unknown[] = [];
  let where = "";
  if (query.q) {
    values.push(containsPattern(query.q));
    where = "WHERE p.file_name ILIKE $1";
  }
  return selectPage<PeopleImportSummary>(database, query, { select: LIST_COLUMNS, from: `people_import p ${where}`, values, order: orderBy(query.sort, LIST_SORT, "p.id") });
}

/** The id a route was given, when it can be one. */
export function requirePeopleImportId(id: string): string {
  if (!isUuid(id)) throw notFound("import");
  return id;
}
