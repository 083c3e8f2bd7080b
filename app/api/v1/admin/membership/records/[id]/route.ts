import { getMembershipRecordForStaffOrThrow } from "@/lib/membership/get-membership-record-for-staff-or-throw";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/membership/records/{id} - one register record with the account linked to it, if any
export const GET = identityRoute<{ id: string }>({ staff: true, permission: "membership:read" }, async ({ params, database }) => identityJson(await getMembershipRecordForStaffOrThrow(database, params.id)));

// POST, PUT, PATCH, DELETE /api/v1/admin/membership/records/{id} - 405 in the identity error shape
export const { POST, PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET"]);
