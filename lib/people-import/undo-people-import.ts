import type { Database } from "../db/database.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import { RECORD_FIELDS } from "./plan-people-batch.ts";
import { UNDO_DAYS } from "./people-import-rules.ts";

/**
 * Undoes a finished import within UNDO_DAYS days (issue 40), in the staff write's own transaction: the records it
 * created are removed, unless a member has since linked one to their account (those stay, and are counted); the
 * records it changed get back the fields they had before it. The audit entry records the counts, not each of
 * thousands of rows: the row triggers are paused for the bulk and the entry written once.
 */
export async function undoPeopleImport(tx: Database, id: string, now = new Date()): Promise<{ removed: number; restored: number; keptLinked: number }> {
  const [found] = await tx.query<{ status: string; finished_at: Date | null }>(`SELECT status, finished_at FROM people_import WHERE id = $1::uuid FOR UPDATE`, [id]);
  if (!found) throw notFound("import");
  if (found.status !== "done" || !found.finished_at) throw new IdentityError("conflict", `only a finished import can be undone; this one is ${found.status}`);
  if (now.getTime() - found.finished_at.getTime() > UNDO_DAYS * 86_400_000) throw new IdentityError("conflict", `an import can be undone for ${UNDO_DAYS} days after it finished`);

  const [{ entry }] = (await tx.query<{ entry: string | null }>(`SELECT nullif(current_setting('church.audit_entry', true), '') AS entry`)) as [{ entry: string | null }];
  await tx.query(`SELECT set_config('church.audit_entry', '', true)`);
  const [kept] = await tx.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM people_import_change c JOIN membership_record m ON m.id = c.record_id
      WHERE c.import_id = $1::uuid AND c.action = 'created' AND m.linked_user_id IS NOT NULL`,
    [id],
  );
  const removed = await tx.query(
    `DELETE FROM membership_record m USING people_import_change c
      WHERE c.import_id = $1::uuid AND c.action = 'created' AND m.id = c.record_id AND m.linked_user_id IS NULL
      RETURNING m.id`,
    [id],
  );
  const restored = await tx.query(
    `UPDATE membership_record m SET ${RECORD_FIELDS.map((field) => `${field} = CASE WHEN c.before ? '${field}' THEN c.before ->> '${field}' ELSE m.${field} END`).join(", ")}, updated_at = now()
       FROM people_import_change c
      WHERE c.import_id = $1::uuid AND c.action = 'updated' AND m.id = c.record_id
      RETURNING m.id`,
    [id],
  );
  await tx.query(`UPDATE people_import SET status = 'undone', undone_at = $2 WHERE id = $1::uuid`, [id, now]);
  const counts = { removed: removed.length, restored: restored.length, keptLinked: kept?.count ?? 0 };
  if (entry) {
    await tx.query(`SELECT set_config('church.audit_entry', $1, true)`, [entry]);
    await tx.query(
      `UPDATE staff_audit_entry SET changes = changes || jsonb_build_array(jsonb_build_object('table', 'people_import', 'id', $2::text, 'operation', 'update',
              'before', jsonb_build_object('status', 'done'), 'after', jsonb_build_object('status', 'undone', 'removed', $3::int, 'restored', $4::int, 'kept_linked', $5::int)))
        WHERE id = $1::uuid`,
      [entry, id, counts.removed, counts.restored, counts.keptLinked],
    );
  }
  return counts;
}
