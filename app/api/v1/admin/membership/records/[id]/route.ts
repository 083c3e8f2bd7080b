import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { adminGetMembershipRecord, adminUpdateMembershipRecord } from "@/lib/membership/endpoints";
import { getMembershipRecordForStaffOrThrow } from "@/lib/membership/get-membership-record-for-staff-or-throw";
import { updateMembershipRecord } from "@/lib/membership/update-membership-record";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/membership/records/{id} - one register record with the account linked to it, if any
  handle(adminGetMembershipRecord, ({ params, database }) => getMembershipRecordForStaffOrThrow(database, params.id)),
  // PATCH /api/v1/admin/membership/records/{id} - correct a register record: only the fields sent change
  handle(adminUpdateMembershipRecord, ({ caller, params, body, database, context }) => updateMembershipRecord(database, caller.userId, params.id, body, context)),
);
