import { randomBytes } from "node:crypto";
import type { Database } from "../db/database.ts";
import { RECORD_FIELDS, type PlannedRow, type RecordFields } from "./plan-people-batch.ts";

export interface BatchCounts {
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
}

/** A new record's id: `mbr_` and 16 random characters, so ids cannot be walked. */
function newRecordId(): string {
  return `mbr_${randomBytes(12).toString("base64url")}`;
}

/**
 * Writes one batch's plan, inside the caller's transaction: the new records in one statement, the changed ones
 * in another, and what was done to each (with the fields before a change) so the import can be undone. A row
 * of the change log already there (a batch applied again after a crash) keeps its first `before`.
 */
export async function applyPeopleBatch(tx: Database, importId: string, planned: readonly PlannedRow[]): Promise<BatchCounts> {
  const creates = planned.flatMap((row) => (row.kind === "create" ? [{ id: newRecordId(), fields: row.fields }] : []));
  const updates = planned.flatMap((row) => (row.kind === "update" ? [row] : []));
  if (creates.length > 0) {
    const column = (field: keyof RecordFields) => creates.map((create) => create.fields[field]);
    await tx.query(
      `INSERT INTO membership_record (id, ${RECORD_FIELDS.join(", ")})
       SELECT * FROM unnest($1::text[], ${RECORD_FIELDS.map((_, index) => `$${index + 2}::text[]`).join(", ")})`,
      [creates.map((create) => create.id), ...RECORD_FIELDS.map(column)],
    );
    await tx.query(`INSERT INTO people_import_change (import_id, record_id, action) SELECT $1::uuid, unnest($2::text[]), 'created' ON CONFLICT DO NOTHING`, [importId, creates.map((create) => create.id)]);
  }
  if (updates.length > 0) {
    const column = (field: keyof RecordFields) => updates.map((update) => update.after[field] ?? null);
    await tx.query(
      `UPDATE membership_record m SET ${RECORD_FIELDS.map((field) => `${field} = coalesce(u.${field}, m.${field})`).join(", ")}, updated_at = now()
         FROM unnest($1::text[], ${RECORD_FIELDS.map((_, index) => `$${index + 2}::text[]`).join(", ")}) AS u(id, ${RECORD_FIELDS.join(", ")})
        WHERE m.id = u.id`,
      [updates.map((update) => update.recordId), ...RECORD_FIELDS.map(column)],
    );
    await tx.query(
      `INSERT INTO people_import_change (import_id, record_id, action, before)
       SELECT $1::uuid, u.id, 'updated', u.before::jsonb FROM unnest($2::text[], $3::text[]) AS u(id, before)
       ON CONFLICT DO NOTHING`,
      [importId, updates.map((update) => update.recordId), updates.map((update) => JSON.stringify(update.before))],
    );
  }
  return {
    created: creates.length,
    updated: updates.length,
    unchanged: planned.filter((row) => row.kind === "unchanged").length,
    skipped: planned.filter((row) => row.kind === "skip").length,
  };
}
