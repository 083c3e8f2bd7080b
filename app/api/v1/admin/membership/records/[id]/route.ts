import { getMembershipRecordForStaffOrThrow } from "@/lib/membership/get-membership-record-for-staff-or-throw";
import { updateMembershipRecordBodySchema } from "@/lib/membership/staff-schemas";
import { updateMembershipRecord } from "@/lib/membership/update-membership-record";
import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/membership/records/{id} - one register record with the account linked to it, if any
export const GET = identityRoute<{ id: string }>({ staff: true, permission: "membership:read" }, async ({ params, database }) => identityJson(await getMembershipRecordForStaffOrThrow(database, params.id)));

// PATCH /api/v1/admin/membership/records/{id} - correct a register record: only the fields sent change
export const PATCH = identityRoute<{ id: string }>({ staff: true, permission: "membership:write" }, async ({ request, caller, params, database, context }) => {
  const body = await readJsonBody(request, updateMembershipRecordBodySchema);
  return identityJson(await updateMembershipRecord(database, caller.userId, params.id, body, context));
});

// POST, PUT, DELETE /api/v1/admin/membership/records/{id} - 405 in the identity error shape
export const { POST, PUT, DELETE } = identityMethodNotAllowed(["GET", "PATCH"]);
