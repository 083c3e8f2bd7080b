import { listAuditEntries } from "@/lib/audit/list-audit-entries";
import { adminAuditQuerySchema } from "@/lib/audit/staff-schemas";
import { identityJson, identityRoute, readQuery } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/audit - every staff write with the rows it changed, newest first, filtered and paged (administrators)
export const GET = identityRoute({ staff: true, permission: "audit:read" }, async ({ request, database }) => identityJson(await listAuditEntries(database, readQuery(request, adminAuditQuerySchema))));

// POST, PUT, PATCH, DELETE /api/v1/admin/audit - 405 in the identity error shape
export const { POST, PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET"]);
