import { jsonResponse } from "../openapi/responses.ts";
import { LIST_400, staffOperation } from "../openapi/staff-operations.ts";
import { MAX_EXPORTED_ENTRIES } from "./export-audit-limits.ts";
import { AdminAuditPageSchema, adminAuditExportQuerySchema, adminAuditQuerySchema } from "./staff-schemas.ts";

/** The OpenAPI entries of the staff audit log (docs/decisions/0020), spread into the document by lib/openapi/document.ts. */
export const staffAuditPaths = {
  "/api/v1/admin/audit": {
    get: staffOperation(
      "audit:read",
      "adminListAuditEntries",
      "The staff audit log",
      "Every staff write under /api/v1/admin that succeeded: who, when, the method and path, and the rows it changed with their columns before and after, recorded in the write's own transaction. Newest first. Filters: `actor`, `section`, `from`/`to` (days, UTC), `q` (name, email, path or id).",
      { "200": jsonResponse("One page of entries.", AdminAuditPageSchema), "400": LIST_400 },
      { query: adminAuditQuerySchema },
    ),
  },
  "/api/v1/admin/audit/export": {
    get: staffOperation(
      "audit:read",
      "adminExportAuditEntries",
      "The staff audit log as CSV",
      `The same filters, no pages: the newest ${MAX_EXPORTED_ENTRIES} entries at most, one line per changed row (RFC 4180, every field quoted; a field that would start a spreadsheet formula starts with an apostrophe).`,
      { "200": { description: "The CSV file (`Content-Disposition: attachment`).", content: { "text/csv": { schema: { type: "string" } } } }, "400": LIST_400 },
      { query: adminAuditExportQuerySchema },
    ),
  },
};
