import "server-only";
import type { Database } from "../db/database.ts";
import { orderBy, selectPage } from "../staff-lists/paging.ts";
import { AUDIT_COLUMNS, auditFilter } from "./audit-filter.ts";
import type { AdminAuditEntry, AdminAuditQuery } from "./staff-schemas.ts";

/** GET /api/v1/admin/audit (audit:read): staff writes, newest first, filtered by who, area, days and text. */
export async function listAuditEntries(database: Database, query: AdminAuditQuery) {
  const { where, values } = auditFilter(query);
  return selectPage<AdminAuditEntry>(database, query, {
    select: AUDIT_COLUMNS,
    from: `staff_audit_entry e ${where}`,
    values,
    order: orderBy(query.sort, { at: "e.at" }, "e.id"),
  });
}
