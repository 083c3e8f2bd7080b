import { createGuardianshipForStaff } from "@/lib/families/create-guardianship-for-staff";
import { listGuardianships } from "@/lib/families/list-guardianships";
import { adminGuardianshipsQuerySchema, createGuardianshipBodySchema } from "@/lib/families/staff-schemas";
import { identityJson, identityRoute, readJsonBody, readQuery } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/guardianships - guardianships, live or ended, searched by either person, paged
export const GET = identityRoute({ staff: true, permission: "families:read" }, async ({ request, database }) => identityJson(await listGuardianships(database, readQuery(request, adminGuardianshipsQuerySchema))));

// POST /api/v1/admin/guardianships - record a guardian for a minor (201; 200 when it was live already)
export const POST = identityRoute({ staff: true, permission: "families:write" }, async ({ request, caller, database, context }) => {
  const { guardian_id, dependent_id } = await readJsonBody(request, createGuardianshipBodySchema);
  const result = await createGuardianshipForStaff(database, caller.userId, guardian_id.toLowerCase(), dependent_id.toLowerCase(), context);
  return identityJson(result.guardianship, result.created ? 201 : 200);
});

// PUT, PATCH, DELETE /api/v1/admin/guardianships - 405 in the identity error shape
export const { PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET", "POST"]);
