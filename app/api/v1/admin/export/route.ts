import { adminExportChurch } from "@/lib/church-export/endpoints";
import { churchExportDownload } from "@/lib/http/church-export-download";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/export - the whole church's data as one zip of CSV and JSON files, recorded in the audit log (administrators)
  handle(adminExportChurch, async ({ caller, request, database }) => churchExportDownload(database, caller, request)),
);
