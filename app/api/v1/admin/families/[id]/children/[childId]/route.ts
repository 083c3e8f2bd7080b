import { updateChildBodySchema } from "@/lib/families/schemas";
import { removeChildForStaff, updateChildForStaff } from "@/lib/families/staff-children";
import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// PATCH /api/v1/admin/families/{id}/children/{childId} - a child's names, birth date or notes
export const PATCH = identityRoute<{ id: string; childId: string }>({ staff: true, permission: "families:write" }, async ({ request, caller, params, database, context }) =>
  identityJson(await updateChildForStaff(database, caller.userId, params.id, params.childId, await readJsonBody(request, updateChildBodySchema), context)),
);

// DELETE /api/v1/admin/families/{id}/children/{childId} - a child without a sign-in: their record goes
export const DELETE = identityRoute<{ id: string; childId: string }>({ staff: true, permission: "families:write" }, async ({ caller, params, database, context }) =>
  identityJson(await removeChildForStaff(database, caller.userId, params.id, params.childId, context)),
);

// GET, POST, PUT /api/v1/admin/families/{id}/children/{childId} - 405 in the identity error shape
export const { GET, POST, PUT } = identityMethodNotAllowed(["PATCH", "DELETE"]);
