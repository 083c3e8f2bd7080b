/**
 * The rules of a people import (issue 40), shared by the API, the page, the command line and the tests.
 * Pure: no database, no server-only code.
 */

/** Rows per batch: each batch commits whole (its records and the import's progress) or not at all. */
export const IMPORT_BATCH_ROWS = 500;

/** How long an import can be undone. */
export const UNDO_DAYS = 30;

/** The largest file the page uploads; larger ones go through `npm run import:people`. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** The preview keeps this many problems (every one is counted). */
export const KEPT_PROBLEMS = 1000;

/** A running import whose last batch is older than this has stopped (a restart, a crash): the scheduled job resumes it. */
export const STALLED_AFTER_SECONDS = 120;

export const IMPORT_STATUSES = ["ready", "running", "done", "failed", "undone"] as const;
export type PeopleImportStatus = (typeof IMPORT_STATUSES)[number];

/** The headers as a key: a file with the same columns in any order is offered the mapping chosen last time. */
export function headersKeyOf(headers: readonly string[]): string {
  return [...new Set(headers.map((header) => header.trim().toLowerCase().replace(/\s+/g, " ")))].sort().join("\u001f");
}
