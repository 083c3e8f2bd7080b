import { addMemberForStaff } from "@/lib/families/add-member-for-staff";
import { addFamilyMemberBodySchema } from "@/lib/families/staff-schemas";
import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/families/{id}/members - an existing account joins the household (201; 200 when already a member)
export const POST = identityRoute<{ id: string }>({ staff: true, permission: "families:write" }, async ({ request, caller, params, database, context }) => {
  const body = await readJsonBody(request, addFamilyMemberBodySchema);
  const { member, created } = await addMemberForStaff(database, caller.userId, params.id, body, context);
  return identityJson(member, created ? 201 : 200);
});

// GET, PUT, PATCH, DELETE /api/v1/admin/families/{id}/members - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
