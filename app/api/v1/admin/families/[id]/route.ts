import { getFamilyForStaffOrThrow } from "@/lib/families/get-family-for-staff-or-throw";
import { renameFamilyForStaff } from "@/lib/families/rename-family-for-staff";
import { adminFamilyNameBodySchema } from "@/lib/families/staff-schemas";
import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/families/{id} - one household and its members
export const GET = identityRoute<{ id: string }>({ staff: true, permission: "families:read" }, async ({ params, database }) => identityJson(await getFamilyForStaffOrThrow(database, params.id)));

// PATCH /api/v1/admin/families/{id} - rename the household
export const PATCH = identityRoute<{ id: string }>({ staff: true, permission: "families:write" }, async ({ request, caller, params, database, context }) => {
  const { name } = await readJsonBody(request, adminFamilyNameBodySchema);
  return identityJson(await renameFamilyForStaff(database, caller.userId, params.id, name, context));
});

// POST, PUT, DELETE /api/v1/admin/families/{id} - 405 in the identity error shape
export const { POST, PUT, DELETE } = identityMethodNotAllowed(["GET", "PATCH"]);
