import { listFamilies } from "@/lib/admin/manage-families";
import { adminFamiliesQuerySchema } from "@/lib/admin/schemas";
import { identityJson, identityRoute, readQuery } from "@/lib/http/identity";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/families - households with their member counts (never a join code), searched and paged
export const GET = identityRoute({ permission: "families:read" }, async ({ request }) => identityJson(await listFamilies(readQuery(request, adminFamiliesQuerySchema))));
