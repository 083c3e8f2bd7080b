import { defineEndpoint } from "../openapi/endpoint.ts";
import { LIST_400 } from "../openapi/staff-operations.ts";
import { MAX_EXPORTED_ENTRIES } from "./export-audit-limits.ts";
import { AdminAuditPageSchema, adminAuditExportQuerySchema, adminAuditQuerySchema } from "./staff-schemas.ts";

/** The staff audit log (docs/decisions/0020): every staff write that succeeded, and the rows it changed. */

const AUDIT_READ = { kind: "staff" as const, permission: "audit:read" };

export const adminListAuditEntries = defineEndpoint({
  method: "GET",
  path: "/api/v1/admin/audit",
  operationId: "adminListAuditEntries",
  summary: "The staff audit log",
  description:
    "Every staff write under /api/v1/admin that succeeded: who, when, the method and path, and the rows it changed with their columns before and after, recorded in the write's own transaction. Newest first. Filters: `actor`, `section`, `from`/`to` (days, UTC), `q` (name, email, path or id).",
  tags: ["admin"],
  access: AUDIT_READ,
  query: adminAuditQuerySchema,
  success: { status: 200, description: "One page of entries.", schema: AdminAuditPageSchema },
  refusals: { "400": LIST_400 },
});

export const adminExportAuditEntries = defineEndpoint({
  method: "GET",
  path: "/api/v1/admin/audit/export",
  operationId: "adminExportAuditEntries",
  summary: "The staff audit log as CSV",
  description: `The same filters, no pages: the newest ${MAX_EXPORTED_ENTRIES} entries at most, one line per changed row (RFC 4180, every field quoted; a field that would start a spreadsheet formula starts with an apostrophe).`,
  tags: ["admin"],
  access: AUDIT_READ,
  query: adminAuditExportQuerySchema,
  success: { status: 200, description: "The CSV file (`Content-Disposition: attachment`).", schema: undefined, file: "text/csv" },
  refusals: { "400": LIST_400 },
});

/** In the order the OpenAPI document lists them. */
export const auditEndpoints = [adminListAuditEntries, adminExportAuditEntries];
