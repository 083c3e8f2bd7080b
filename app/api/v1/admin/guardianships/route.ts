import { createGuardianshipForStaff, listGuardianships } from "@/lib/admin/manage-families";
import { adminGuardianshipsQuerySchema, createGuardianshipBodySchema } from "@/lib/admin/schemas";
import { identityJson, identityRoute, readJsonBody, readQuery } from "@/lib/http/identity";
import { requestContext } from "@/lib/http/request-context";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/guardianships - guardianships, live or ended, searched by either person, paged
export const GET = identityRoute({ staff: true, permission: "families:read" }, async ({ request }) => identityJson(await listGuardianships(readQuery(request, adminGuardianshipsQuerySchema))));

// POST /api/v1/admin/guardianships - record a guardian for a minor (201; 200 when it was live already)
export const POST = identityRoute({ staff: true, permission: "families:write" }, async ({ request, caller }) => {
  const { guardian_id, dependent_id } = await readJsonBody(request, createGuardianshipBodySchema);
  const result = await createGuardianshipForStaff(caller.userId, guardian_id.toLowerCase(), dependent_id.toLowerCase(), requestContext(request.headers));
  return identityJson(result.guardianship, result.created ? 201 : 200);
});

// PUT, PATCH, DELETE /api/v1/admin/guardianships - 405 in the identity error shape
export const { PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET", "POST"]);
