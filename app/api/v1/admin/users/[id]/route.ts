import { getStaffUserOrThrow } from "@/lib/users/get-staff-user-or-throw";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/users/{id} - one account: names, roles, whether it has two-step sign-in, disabled or not
export const GET = identityRoute<{ id: string }>({ staff: true, permission: "users:read" }, async ({ params, database }) => identityJson(await getStaffUserOrThrow(database, params.id)));

// POST, PUT, PATCH, DELETE /api/v1/admin/users/{id} - 405 in the identity error shape
export const { POST, PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET"]);
