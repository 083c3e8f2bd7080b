import "server-only";
import type { Database } from "../db/database.ts";
import type { ExportCounts } from "./tables.ts";

/** Who downloads the church's data, from where: what the staff audit log names (docs/decisions/0020). */
export interface ChurchExportActor {
  actorId: string;
  clientId: string;
  /** The request's path (`/api/v1/admin/export`): the entry's path, and its section (`export`). */
  path: string;
  requestId: string;
}

/** The audit entry's one change: no row changed, so it names the file and what it holds, as a row added would be shown. */
export const EXPORT_AUDIT_TABLE = "church_export";

/**
 * Records a download of the whole church in the staff audit log, before any of it is sent: who, when, the file's
 * name and how many rows each of its files holds. A read changes no row, so no trigger records it
 * (docs/decisions/0020); its entry carries one change of its own, `church_export <file name>`, whose `after` holds
 * the counts. Throws when the actor's account is gone: no export without its record.
 */
export async function recordChurchExport(database: Database, actor: ChurchExportActor, fileName: string, counts: ExportCounts): Promise<string> {
  const id = globalThis.crypto.randomUUID();
  const changes = [{ table: EXPORT_AUDIT_TABLE, id: fileName, operation: "insert", before: null, after: { file: fileName, ...counts } }];
  const section = actor.path.split("/")[4] ?? "";
  const recorded = await database.query<{ id: string }>(
    `INSERT INTO staff_audit_entry (id, actor_id, actor_email, actor_name, client_id, method, path, section, target_id, request_id, changes)
     SELECT $1::uuid, a.id, a.email, btrim(a.given_name || ' ' || a.family_name), $3, 'GET', $4, $5, NULL, $6, $7::jsonb
       FROM account a WHERE a.id = $2::uuid
     RETURNING id::text AS id`,
    [id, actor.actorId, actor.clientId, actor.path.slice(0, 500), section.slice(0, 40), actor.requestId, JSON.stringify(changes)],
  );
  if (recorded.length === 0) throw new Error("the church export's actor has no account: nothing was recorded, so nothing is sent");
  return id;
}
