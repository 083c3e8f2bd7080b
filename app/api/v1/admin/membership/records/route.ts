import { listMembershipRecords } from "@/lib/membership/list-membership-records";
import { adminMembershipRecordsQuerySchema } from "@/lib/membership/staff-schemas";
import { identityJson, identityRoute, readQuery } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/membership/records - the church register, searched by name or contact, sorted and paged
export const GET = identityRoute({ staff: true, permission: "membership:read" }, async ({ request, database }) =>
  identityJson(await listMembershipRecords(database, readQuery(request, adminMembershipRecordsQuerySchema))),
);

// POST, PUT, PATCH, DELETE /api/v1/admin/membership/records - 405 in the identity error shape
export const { POST, PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET"]);
