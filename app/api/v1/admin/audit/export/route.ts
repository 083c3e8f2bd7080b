import { adminExportAuditEntries } from "@/lib/audit/endpoints";
import { exportAuditCsv } from "@/lib/audit/export-audit-csv";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/audit/export - the filtered audit log as a CSV file, one line per changed row (administrators)
  handle(adminExportAuditEntries, async ({ query, database }) => {
    const csv = await exportAuditCsv(database, query);
    const day = new Date().toISOString().slice(0, 10);
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="staff-audit-${day}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  }),
);
