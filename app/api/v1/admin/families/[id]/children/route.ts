import { adminAddChild } from "@/lib/families/endpoints";
import { addChildForStaff } from "@/lib/families/staff-children";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/admin/families/{id}/children - a child without a sign-in, with the household's adults named as guardians (201)
  handle(adminAddChild, ({ caller, params, body, database, context }) => addChildForStaff(database, caller.userId, params.id, body, context)),
);
