import { createFamilyForStaff } from "@/lib/families/create-family-for-staff";
import { listFamilies } from "@/lib/families/list-families";
import { adminFamiliesQuerySchema, adminFamilyNameBodySchema } from "@/lib/families/staff-schemas";
import { identityJson, identityRoute, readJsonBody, readQuery } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/families - households with their member counts (never a join code), searched and paged
export const GET = identityRoute({ staff: true, permission: "families:read" }, async ({ request, database }) => identityJson(await listFamilies(database, readQuery(request, adminFamiliesQuerySchema))));

// POST /api/v1/admin/families - a household with no members yet, for the office to fill (201)
export const POST = identityRoute({ staff: true, permission: "families:write" }, async ({ request, database }) => {
  const { name } = await readJsonBody(request, adminFamilyNameBodySchema);
  return identityJson(await createFamilyForStaff(database, name), 201);
});

// PUT, PATCH, DELETE /api/v1/admin/families - 405 in the identity error shape
export const { PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET", "POST"]);
