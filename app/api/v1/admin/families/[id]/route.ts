import { getFamilyForStaffOrThrow } from "@/lib/families/get-family-for-staff-or-throw";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/families/{id} - one household and its members
export const GET = identityRoute<{ id: string }>({ staff: true, permission: "families:read" }, async ({ params, database }) => identityJson(await getFamilyForStaffOrThrow(database, params.id)));

// POST, PUT, PATCH, DELETE /api/v1/admin/families/{id} - 405 in the identity error shape
export const { POST, PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET"]);
