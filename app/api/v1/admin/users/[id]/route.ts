import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { adminGetUser } from "@/lib/users/endpoints";
import { getStaffUserDetailOrThrow } from "@/lib/users/get-staff-user-detail-or-throw";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/users/{id} - one account: names, verified phone, roles, two-step sign-in, disabled or not; its household (families:read) and linked register record (membership:read)
  handle(adminGetUser, ({ params, caller, database }) => getStaffUserDetailOrThrow(database, params.id, caller)),
);
