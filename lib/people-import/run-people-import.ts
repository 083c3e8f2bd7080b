import type { Database } from "../db/database.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import { describeError, logLine } from "../log/json-log.ts";
import { applyPeopleBatch, type BatchCounts } from "./apply-people-batch.ts";
import { IMPORT_BATCH_ROWS, STALLED_AFTER_SECONDS } from "./people-import-rules.ts";
import { readPeopleImportFile } from "./people-import-file.ts";
import { planPeopleBatch, SeenInFile } from "./plan-people-batch.ts";
import { readPeopleRows, type PeopleColumnMapping, type ReadPersonRow } from "./read-people-csv.ts";

/**
 * Running an import (issue 40): in batches of IMPORT_BATCH_ROWS rows, each one transaction that writes its
 * records, its change log and the import's progress together. `rows_done` is therefore always a row boundary
 * at which the register is whole: a crash or restart leaves no half-row, and the import goes on from there
 * (the next start on this machine, the scheduled job on any). Two runners cannot both apply a batch: each
 * batch first moves the import's progress from the value it read, under the row's lock.
 */

interface ImportToRun {
  id: string;
  status: string;
  file_part_count: number | null;
  delimiter: string;
  mapping: PeopleColumnMapping;
  country: string;
  rows_done: number;
}

/**
 * Marks a previewed (or failed) import as running; the caller's transaction is the staff write that asked. It
 * then runs in the background once that commits, unless the caller runs it itself (the command line).
 */
export async function startPeopleImport(tx: Database, id: string, options: { inBackground?: boolean } = {}): Promise<void> {
  const started = await tx.query<{ id: string }>(
    `UPDATE people_import
        SET status = 'running', started_at = coalesce(started_at, now()), heartbeat_at = now(), last_error = NULL,
            -- Until it starts the counts are the preview's; from then on, what was done.
            rows_done = CASE WHEN status = 'ready' THEN 0 ELSE rows_done END,
            created_count = CASE WHEN status = 'ready' THEN 0 ELSE created_count END,
            updated_count = CASE WHEN status = 'ready' THEN 0 ELSE updated_count END,
            unchanged_count = CASE WHEN status = 'ready' THEN 0 ELSE unchanged_count END,
            skipped_count = CASE WHEN status = 'ready' THEN 0 ELSE skipped_count END,
            audit_entry_id = coalesce(audit_entry_id, nullif(current_setting('church.audit_entry', true), '')::uuid)
      WHERE id = $1::uuid AND status IN ('ready', 'failed') AND file_part_count IS NOT NULL
        AND (mapping ? 'given_name' OR mapping ? 'family_name')
      RETURNING id::text`,
    [id],
  );
  if (started.length === 0) {
    const [found] = await tx.query<{ status: string }>(`SELECT status FROM people_import WHERE id = $1::uuid`, [id]);
    if (!found) throw notFound("import");
    if (found.status === "ready" || found.status === "failed") throw new IdentityError("invalid_request", "mapping: choose the columns of the first or last name first");
    throw new IdentityError("conflict", `this import is ${found.status}`);
  }
  if (options.inBackground === false) return;
  tx.afterCommit((committed) => {
    void continuePeopleImport(committed, id).catch((error: unknown) => logLine("error", "people import: stopped", { importId: id, ...describeError(error) }));
  });
}

export interface ContinueOptions {
  /** Tests: stop (as a crash would) after this many batches. */
  stopAfterBatches?: number;
  /** Called after each batch with the rows done so far (the command line's progress). */
  onBatch?: (rowsDone: number) => void;
}

/** Imports the rows after `rows_done`; answers whether the import finished. Safe to call on two machines at once. */
export async function continuePeopleImport(database: Database, id: string, options: ContinueOptions = {}): Promise<boolean> {
  const [found] = await database.query<ImportToRun>(
    `SELECT id::text, status, file_part_count, delimiter, mapping, country, rows_done FROM people_import WHERE id = $1::uuid`,
    [id],
  );
  if (!found || found.status !== "running" || found.file_part_count === null) return false;
  let done = found.rows_done;
  let batches = 0;
  const seen = new SeenInFile();
  let batch: ReadPersonRow[] = [];
  let index = 0;
  try {
    for await (const row of readPeopleRows(readPeopleImportFile(database, id, found.file_part_count), { mapping: found.mapping, delimiter: found.delimiter, country: found.country })) {
      index += 1;
      if (index <= found.rows_done) continue;
      batch.push(row);
      if (batch.length < IMPORT_BATCH_ROWS) continue;
      if (!(await applyBatch(database, id, batch, done, seen))) return false;
      done += batch.length;
      batch = [];
      batches += 1;
      options.onBatch?.(done);
      if (options.stopAfterBatches !== undefined && batches >= options.stopAfterBatches) return false;
    }
    if (batch.length > 0) {
      if (!(await applyBatch(database, id, batch, done, seen))) return false;
      done += batch.length;
      options.onBatch?.(done);
    }
  } catch (error) {
    // The batch that failed rolled back whole; the import can be started again from `rows_done`.
    logLine("error", "people import: a batch failed", { importId: id, ...describeError(error) });
    await database.query(`UPDATE people_import SET status = 'failed', last_error = $2 WHERE id = $1::uuid AND status = 'running'`, [id, "The import stopped part of the way through. Nothing was half done: start it again to go on from where it stopped."]);
    return false;
  }
  await finishPeopleImport(database, id);
  return true;
}

/** One batch in one transaction, if no other runner moved the import on meanwhile. */
async function applyBatch(database: Database, id: string, rows: readonly ReadPersonRow[], doneBefore: number, seen: SeenInFile): Promise<boolean> {
  return database.transaction(
    async (tx) => {
      const claimed = await tx.query(`SELECT id FROM people_import WHERE id = $1::uuid AND status = 'running' AND rows_done = $2 FOR UPDATE`, [id, doneBefore]);
      if (claimed.length === 0) return false;
      const { planned } = await planPeopleBatch(tx, rows, seen);
      const counts: BatchCounts = await applyPeopleBatch(tx, id, planned);
      await tx.query(
        `UPDATE people_import SET rows_done = rows_done + $2, created_count = created_count + $3, updated_count = updated_count + $4,
                unchanged_count = unchanged_count + $5, skipped_count = skipped_count + $6, heartbeat_at = now()
          WHERE id = $1::uuid`,
        [id, rows.length, counts.created, counts.updated, counts.unchanged, counts.skipped],
      );
      return true;
    },
    { maxWait: 10_000, timeout: 120_000 },
  );
}

/** The import is done: its file is dropped, and the staff audit entry of the write that started it gets its counts. */
async function finishPeopleImport(database: Database, id: string): Promise<void> {
  await database.query(
    `WITH finished AS (
       UPDATE people_import SET status = 'done', finished_at = now(), file_part_count = NULL
        WHERE id = $1::uuid AND status = 'running'
        RETURNING id, audit_entry_id, rows_done, created_count, updated_count, unchanged_count, skipped_count),
     dropped AS (DELETE FROM people_import_file_part p USING finished f WHERE p.import_id = f.id)
     UPDATE staff_audit_entry e
        SET changes = e.changes || jsonb_build_array(jsonb_build_object(
              'table', 'people_import', 'id', f.id::text, 'operation', 'update', 'before', jsonb_build_object('status', 'running'),
              'after', jsonb_build_object('status', 'done', 'rows', f.rows_done, 'created', f.created_count, 'updated', f.updated_count,
                                          'unchanged', f.unchanged_count, 'skipped', f.skipped_count)))
       FROM finished f WHERE e.id = f.audit_entry_id`,
    [id],
  );
}

/** At the start of the one process of an embedded database: every import still running was stopped by the restart. */
export async function resumeInterruptedPeopleImports(database: Database): Promise<number> {
  const running = await database.query<{ id: string }>(`SELECT id::text FROM people_import WHERE status = 'running' ORDER BY created_at`);
  let resumed = 0;
  for (const { id } of running) if (await continuePeopleImport(database, id)) resumed += 1;
  return resumed;
}

/** The scheduled job: imports whose runner stopped (a restart, a crash) go on. */
export async function resumeStalledPeopleImports(database: Database): Promise<number> {
  const stalled = await database.query<{ id: string }>(
    `SELECT id::text FROM people_import WHERE status = 'running' AND heartbeat_at < now() - make_interval(secs => $1) ORDER BY created_at LIMIT 5`,
    [STALLED_AFTER_SECONDS],
  );
  let resumed = 0;
  for (const { id } of stalled) {
    await database.query(`UPDATE people_import SET heartbeat_at = now() WHERE id = $1::uuid`, [id]);
    if (await continuePeopleImport(database, id)) resumed += 1;
  }
  return resumed;
}
