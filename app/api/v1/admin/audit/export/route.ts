import { exportAuditCsv } from "@/lib/audit/export-audit-csv";
import { adminAuditExportQuerySchema } from "@/lib/audit/staff-schemas";
import { identityRoute, readQuery } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/audit/export - the filtered audit log as a CSV file, one line per changed row (administrators)
export const GET = identityRoute({ staff: true, permission: "audit:read" }, async ({ request, database }) => {
  const csv = await exportAuditCsv(database, readQuery(request, adminAuditExportQuerySchema));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="staff-audit-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
});

// POST, PUT, PATCH, DELETE /api/v1/admin/audit/export - 405 in the identity error shape
export const { POST, PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET"]);
