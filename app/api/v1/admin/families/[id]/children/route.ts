import { addChildForStaff } from "@/lib/families/staff-children";
import { adminAddChildBodySchema } from "@/lib/families/staff-schemas";
import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/families/{id}/children - a child without a sign-in, with the household's adults named as guardians (201)
export const POST = identityRoute<{ id: string }>({ staff: true, permission: "families:write" }, async ({ request, caller, params, database, context }) =>
  identityJson(await addChildForStaff(database, caller.userId, params.id, await readJsonBody(request, adminAddChildBodySchema), context), 201),
);

// GET, PUT, PATCH, DELETE /api/v1/admin/families/{id}/children - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
