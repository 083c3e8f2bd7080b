import { listFamilyGuardianshipsForStaff, recordFamilyGuardianshipForStaff } from "@/lib/families/family-guardianships-for-staff";
import { createGuardianshipBodySchema } from "@/lib/families/staff-schemas";
import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/families/{id}/guardianships - the household's guardianships and its requests waiting for an answer
export const GET = identityRoute<{ id: string }>({ staff: true, permission: "families:read" }, async ({ params, database }) => identityJson(await listFamilyGuardianshipsForStaff(database, params.id)));

// POST /api/v1/admin/families/{id}/guardianships - record a guardian for a minor of the household, confirming a waiting request (201; 200 when live already)
export const POST = identityRoute<{ id: string }>({ staff: true, permission: "families:write" }, async ({ request, caller, params, database, context }) => {
  const { guardian_id, dependent_id } = await readJsonBody(request, createGuardianshipBodySchema);
  const result = await recordFamilyGuardianshipForStaff(database, caller.userId, params.id, guardian_id.toLowerCase(), dependent_id.toLowerCase(), context);
  return identityJson(result.guardianship, result.created ? 201 : 200);
});

// PUT, PATCH, DELETE /api/v1/admin/families/{id}/guardianships - 405 in the identity error shape
export const { PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET", "POST"]);
