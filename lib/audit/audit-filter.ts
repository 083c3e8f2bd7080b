import { containsPattern, isoTimestamp } from "../staff-lists/paging.ts";
import type { AdminAuditExportQuery } from "./staff-schemas.ts";

/** The WHERE clause of the audit log's filters (list and export alike), over positional values. */
export function auditFilter(query: AdminAuditExportQuery): { where: string; values: unknown[] } {
  const conditions: string[] = [];
  const values: unknown[] = [];
  const next = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  if (query.actor) conditions.push(`e.actor_id = ${next(query.actor)}::uuid`);
  if (query.section) conditions.push(`e.section = ${next(query.section)}`);
  if (query.from) conditions.push(`e.at >= ${next(query.from)}::date`);
  if (query.to) conditions.push(`e.at < ${next(query.to)}::date + 1`);
  if (query.q) {
    const pattern = next(containsPattern(query.q));
    conditions.push(
      `(e.actor_name ILIKE ${pattern} OR e.actor_email ILIKE ${pattern} OR e.path ILIKE ${pattern} OR e.target_id ILIKE ${pattern}
        OR EXISTS (SELECT 1 FROM jsonb_array_elements(e.changes) AS change WHERE change ->> 'id' ILIKE ${pattern}))`,
    );
  }
  return { where: conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : "", values };
}

/** The columns of an entry as the API answers it. */
export const AUDIT_COLUMNS = `e.id::text AS id, ${isoTimestamp("e.at")} AS at, json_build_object('id', e.actor_id::text, 'email', e.actor_email, 'name', e.actor_name) AS actor,
   e.client_id, e.method, e.path, e.section, e.target_id, e.request_id, e.changes`;
