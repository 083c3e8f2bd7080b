import { adminRemoveFamilyMember } from "@/lib/families/endpoints";
import { removeMemberForStaff } from "@/lib/families/remove-member-for-staff";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // DELETE /api/v1/admin/families/{id}/members/{userId} - the person leaves the household (not its last adult while children remain)
  handle(adminRemoveFamilyMember, ({ caller, params, database, context }) => removeMemberForStaff(database, caller.userId, params.id, params.userId, context)),
);
