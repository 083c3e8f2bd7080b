import { adminGetFamily, adminRenameFamily } from "@/lib/families/endpoints";
import { getFamilyForStaffOrThrow } from "@/lib/families/get-family-for-staff-or-throw";
import { renameFamilyForStaff } from "@/lib/families/rename-family-for-staff";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/families/{id} - one household and its members
  handle(adminGetFamily, ({ params, database }) => getFamilyForStaffOrThrow(database, params.id)),
  // PATCH /api/v1/admin/families/{id} - rename the household
  handle(adminRenameFamily, ({ caller, params, body, database, context }) => renameFamilyForStaff(database, caller.userId, params.id, body.name, context)),
);
