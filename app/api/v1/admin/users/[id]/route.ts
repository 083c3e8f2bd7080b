import { getStaffUserDetailOrThrow } from "@/lib/users/get-staff-user-detail-or-throw";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/users/{id} - one account: names, verified phone, roles, two-step sign-in, disabled or not; its household (families:read) and linked register record (membership:read)
export const GET = identityRoute<{ id: string }>({ staff: true, permission: "users:read" }, async ({ params, caller, database }) =>
  identityJson(await getStaffUserDetailOrThrow(database, params.id, caller)),
);

// POST, PUT, PATCH, DELETE /api/v1/admin/users/{id} - 405 in the identity error shape
export const { POST, PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET"]);
