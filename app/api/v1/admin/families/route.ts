import { listFamilies } from "@/lib/families/list-families";
import { adminFamiliesQuerySchema } from "@/lib/families/staff-schemas";
import { identityJson, identityRoute, readQuery } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/families - households with their member counts (never a join code), searched and paged
export const GET = identityRoute({ staff: true, permission: "families:read" }, async ({ request, database }) => identityJson(await listFamilies(database, readQuery(request, adminFamiliesQuerySchema))));

// POST, PUT, PATCH, DELETE /api/v1/admin/families - 405 in the identity error shape
export const { POST, PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET"]);
