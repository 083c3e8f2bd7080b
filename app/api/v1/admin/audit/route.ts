import { adminListAuditEntries } from "@/lib/audit/endpoints";
import { listAuditEntries } from "@/lib/audit/list-audit-entries";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/audit - every staff write with the rows it changed, newest first, filtered and paged (administrators)
  handle(adminListAuditEntries, ({ query, database }) => listAuditEntries(database, query)),
);
