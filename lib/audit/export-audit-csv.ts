import "server-only";
import type { Database } from "../db/database.ts";
import { orderBy } from "../staff-lists/paging.ts";
import { AUDIT_COLUMNS, auditFilter } from "./audit-filter.ts";
import { MAX_EXPORTED_ENTRIES } from "./export-audit-limits.ts";
import type { AdminAuditEntry, AdminAuditExportQuery } from "./staff-schemas.ts";


const HEADER = ["at", "actor_email", "actor_name", "method", "path", "section", "target_id", "request_id", "table", "row_id", "operation", "before", "after"];

/**
 * RFC 4180 text: every field quoted, quotes doubled, CRLF line ends. A field a spreadsheet would run as a
 * formula (starting with = + - @, tab or carriage return) gets a leading apostrophe (OWASP's CSV injection
 * advice): a member's name such as `=HYPERLINK(...)` is shown, never evaluated.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/**
 * GET /api/v1/admin/audit/export (audit:read): the filtered log as CSV, one line per changed row (an entry
 * that changed nothing is one line with empty change columns), newest first, at most MAX_EXPORTED_ENTRIES
 * entries. `before` and `after` are the row's JSON.
 */
export async function exportAuditCsv(database: Database, query: AdminAuditExportQuery): Promise<string> {
  const { where, values } = auditFilter(query);
  const entries = await database.query<AdminAuditEntry>(
    `SELECT ${AUDIT_COLUMNS} FROM staff_audit_entry e ${where}
      ORDER BY ${orderBy(query.sort, { at: "e.at" }, "e.id")} LIMIT $${values.length + 1}`,
    [...values, MAX_EXPORTED_ENTRIES],
  );
  const lines = [HEADER.map(csvField).join(",")];
  for (const entry of entries) {
    const common = [entry.at, entry.actor.email ?? "", entry.actor.name, entry.method, entry.path, entry.section, entry.target_id ?? "", entry.request_id];
    const changes = entry.changes.length > 0 ? entry.changes : [null];
    for (const change of changes) {
      const described = change
        ? [change.table, change.id, change.operation, change.before ? JSON.stringify(change.before) : "", change.after ? JSON.stringify(change.after) : ""]
        : ["", "", "", "", ""];
      lines.push([...common, ...described].map(csvField).join(","));
    }
  }
  return `${lines.join("\r\n")}\r\n`;
}
