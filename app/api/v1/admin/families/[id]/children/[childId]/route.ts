import { adminRemoveChild, adminUpdateChild } from "@/lib/families/endpoints";
import { removeChildForStaff, updateChildForStaff } from "@/lib/families/staff-children";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // PATCH /api/v1/admin/families/{id}/children/{childId} - a child's names, birth date or notes
  handle(adminUpdateChild, ({ caller, params, body, database, context }) => updateChildForStaff(database, caller.userId, params.id, params.childId, body, context)),
  // DELETE /api/v1/admin/families/{id}/children/{childId} - a child without a sign-in: their record goes
  handle(adminRemoveChild, ({ caller, params, database, context }) => removeChildForStaff(database, caller.userId, params.id, params.childId, context)),
);
