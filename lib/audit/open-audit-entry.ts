import "server-only";
import type { Database } from "../db/database.ts";

/** What the route knows of a staff write before it runs. */
export interface StaffWrite {
  actorId: string;
  clientId: string;
  method: string;
  path: string;
  /** The id the route's path names (its `[id]` parameter), if any. */
  targetId: string | null;
  requestId: string;
  /** The staff area, when the path is not an /api/v1/admin route's (a command run on the server, the setup wizard). */
  section?: string;
}

/**
 * Opens the audit entry of a staff write inside the write's own transaction (docs/decisions/0020) and names
 * it in the transaction's setting `church.audit_entry`, which the trigger audit_staff_change() reads to
 * append every row the write changes. Commit keeps both the write and its record; a rollback neither.
 * The actor's name and address are copied: the record must read the same after they change or leave.
 */
export async function openStaffAuditEntry(tx: Database, write: StaffWrite): Promise<void> {
  const id = globalThis.crypto.randomUUID();
  const section = write.section ?? write.path.split("/")[4] ?? "";
  await tx.query(
    `INSERT INTO staff_audit_entry (id, actor_id, actor_email, actor_name, client_id, method, path, section, target_id, request_id)
     SELECT $1::uuid, a.id, a.email, btrim(a.given_name || ' ' || a.family_name), $3, $4, $5, $6, $7, $8
       FROM account a WHERE a.id = $2::uuid`,
    [id, write.actorId, write.clientId, write.method, write.path.slice(0, 500), section.slice(0, 40), write.targetId?.slice(0, 200) ?? null, write.requestId],
  );
  await tx.query(`SELECT set_config('church.audit_entry', $1, true)`, [id]);
}
