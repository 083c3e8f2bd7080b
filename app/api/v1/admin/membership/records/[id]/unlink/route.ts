import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { adminUnlinkMembershipRecord } from "@/lib/membership/endpoints";
import { unlinkMembershipRecord } from "@/lib/membership/unlink-membership-record";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/admin/membership/records/{id}/unlink - the record no longer belongs to its linked account; the member's log says so
  handle(adminUnlinkMembershipRecord, ({ caller, params, database, context }) => unlinkMembershipRecord(database, caller.userId, params.id, context)),
);
